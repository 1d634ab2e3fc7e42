import type { SpliceUi } from '../../provider/splice-context.js';

/** Per-part class names a host adds to a component, keyed by the part's `data-part` value. */
export type ClassNames<Part extends string> = Partial<Record<Part, string>>;

/** `data-part` and the host's class for one part, so styles and tests select on the same stable names. */
export function part<Part extends string>(name: Part, classNames: ClassNames<Part> | undefined) {
  const className = classNames?.[name];
  return className ? { 'data-part': name, className } : { 'data-part': name };
}

/**
 * The attributes of a component's outermost element: it opens the CSS scope (tokens live under
 * `[data-splice-root]`), carries the theme and the locale's writing direction (the provider renders no
 * element, so each component's root is where `dir` can take effect), and names the component in
 * `data-scope`.
 */
export function rootProps(
  scope: string,
  { theme, direction }: Pick<SpliceUi, 'theme' | 'direction'>,
  className: string | undefined,
) {
  return {
    'data-splice-root': '',
    'data-theme': theme,
    dir: direction,
    'data-scope': scope,
    'data-part': 'root',
    ...(className ? { className } : {}),
  };
}

/** Joins class names, skipping empty ones. */
export function cx(...classes: (string | false | null | undefined)[]): string | undefined {
  const joined = classes.filter(Boolean).join(' ');
  return joined || undefined;
}

/** A refused control's marks: `aria-invalid` for assistive technology, `data-invalid` for styles. */
export function invalidProps(invalid: unknown) {
  return invalid ? ({ 'aria-invalid': true, 'data-invalid': '' } as const) : {};
}

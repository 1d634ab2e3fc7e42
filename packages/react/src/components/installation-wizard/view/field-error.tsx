'use client';

/** The message under a control; always rendered (empty when fine) so screen readers hear changes. */
export function FieldError(props: { id: string; text: string | undefined }) {
  return (
    <p data-part="error" id={props.id} aria-live="polite">
      {props.text}
    </p>
  );
}

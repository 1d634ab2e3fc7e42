export type TextDirection = 'ltr' | 'rtl';

/** What newer engines tell of a locale's script; TypeScript's lib does not declare it yet. */
interface LocaleTextInfo {
  getTextInfo?: () => { direction?: string };
  textInfo?: { direction?: string };
}

/** Scripts written right to left: Arabic, Hebrew, Thaana, Syriac, N'Ko, Adlam, Hanifi Rohingya. */
const rtlScripts = new Set(['Arab', 'Hebr', 'Thaa', 'Syrc', 'Nkoo', 'Adlm', 'Rohg']);

/** Languages whose default script is one of those, for engines that cannot say (Firefox, older Safari). */
const rtlLanguages = new Set([
  'ar',
  'arc',
  'ckb',
  'dv',
  'fa',
  'he',
  'iw',
  'ks',
  'ps',
  'sd',
  'ug',
  'ur',
  'yi',
]);

/**
 * The direction a BCP 47 locale is written in: what the engine knows (`Intl.Locale` getTextInfo, or the
 * textInfo getter of the engines that shipped it first), else the locale's script, else its language's.
 * A tag that is not well-formed is written left to right, as the English it falls back to.
 */
export function textDirection(locale: string): TextDirection {
  let parsed: Intl.Locale;
  try {
    parsed = new Intl.Locale(locale);
  } catch {
    return 'ltr';
  }
  const known = parsed as Intl.Locale & LocaleTextInfo;
  const direction = (known.getTextInfo?.() ?? known.textInfo)?.direction;
  if (direction === 'rtl' || direction === 'ltr') return direction;
  if (parsed.script) return rtlScripts.has(parsed.script) ? 'rtl' : 'ltr';
  return rtlLanguages.has(parsed.language) ? 'rtl' : 'ltr';
}

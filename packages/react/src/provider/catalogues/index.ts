import type { SpliceMessages } from '../messages.js';
import { defaultMessages } from '../messages.js';
import { deMessages } from './de.js';
import { esMessages } from './es.js';
import { frMessages } from './fr.js';

/** The catalogues shipped beside English, by language subtag. */
const catalogues: Readonly<Record<string, SpliceMessages>> = {
  de: deMessages,
  es: esMessages,
  fr: frMessages,
};

/**
 * The messages of a BCP 47 locale: its language's catalogue (`de-CH` takes German), English for a
 * language without one. Numbers, dates and plural rules then follow the locale as given (`de-CH` groups
 * thousands with ’), not only its language.
 */
export function catalogueFor(locale: string): SpliceMessages {
  let language: string;
  try {
    language = new Intl.Locale(locale).language;
  } catch {
    // Not a well-formed tag: English, written with the default locale's numbers and dates.
    return defaultMessages;
  }
  const catalogue = catalogues[language] ?? defaultMessages;
  return { ...catalogue, locale, syncLocale: locale };
}

import { describe, expect, it } from 'vitest';
import type { SpliceMessageKey } from '../messages.js';
import { defaultMessages, formatMessage } from '../messages.js';
import { catalogueFor } from './index.js';

const locales = ['de', 'fr', 'es'] as const;
const keys = Object.keys(defaultMessages) as SpliceMessageKey[];
const pluralBlock = /\{(\w+), plural,((?:\s*(?:=\d+|zero|one|two|few|many|other)\s*\{[^{}]*\})+)\s*\}/g;
/** The values a template reads: `{name}` placeholders and the counts of `{name, plural, …}` choices. */
const placeholders = (template: string) =>
  [...template.replace(pluralBlock, '{$1}').matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

/** Strings that are the same word in the language (a product term, an abbreviation or a bare placeholder). */
const sameInEnglish: Record<(typeof locales)[number], readonly SpliceMessageKey[]> = {
  de: [
    'wizardStepProxy',
    'catalogInstallation',
    'mappingFieldLabel',
    'mappingOptional',
    'syncRunValue',
    'searchIdColumn',
    'inviteStatusLabel',
    'cronListSeparator',
    'syncProblemDetail',
    'reviewChangeProxy',
    'reviewProxy',
    'mappingPair',
    'scheduleTimeUtc',
  ],
  fr: [
    'wizardStepProxy',
    'catalogInstallation',
    'mappingFieldLabel',
    'reviewChangedDestination',
    'reviewChangedPaused',
    'destinationLabel',
    'syncRunValue',
    'searchIdColumn',
    'cronListSeparator',
    'searchConditionLegend',
    'mappingPair',
    'scheduleTimeUtc',
  ],
  es: [
    'wizardStepProxy',
    'mappingFieldLabel',
    'syncRunValue',
    'searchIdColumn',
    'cronListSeparator',
    'reviewChangeProxy',
    'reviewProxy',
    'mappingPair',
    'scheduleTimeUtc',
  ],
};

/**
 * Buttons whose visible word stands beside a longer accessible name: [visible text, name template].
 * Speech-input users say what they see, so the name must contain it (WCAG 2.5.3, axe's
 * label-content-name-mismatch).
 */
const namedButtons: [SpliceMessageKey, SpliceMessageKey][] = [
  ['searchShowDetailsShort', 'searchShowDetails'],
  ['searchHideDetailsShort', 'searchHideDetails'],
  ['syncRunNow', 'syncRunNowLabel'],
  ['syncPause', 'syncPauseLabel'],
  ['syncResume', 'syncResumeLabel'],
  ['inviteRevoke', 'inviteRevokeLabel'],
];

describe('message catalogues', () => {
  it.each(locales)('%s fills the same placeholders as English in every string', (locale) => {
    const catalogue = catalogueFor(locale);
    for (const key of keys) {
      if (key === 'locale' || key === 'syncLocale') continue;
      expect({ key, placeholders: placeholders(catalogue[key]) }).toEqual({
        key,
        placeholders: placeholders(defaultMessages[key]),
      });
    }
  });

  it.each(locales)('%s translates every string but a few that are the same word', (locale) => {
    const catalogue = catalogueFor(locale);
    const untranslated = keys.filter(
      (key) =>
        key !== 'locale' &&
        key !== 'syncLocale' &&
        catalogue[key] === defaultMessages[key] &&
        !sameInEnglish[locale].includes(key),
    );
    expect(untranslated).toEqual([]);
  });

  it.each(['en', ...locales])('%s names each button with the words it shows', (locale) => {
    const catalogue = catalogueFor(locale);
    const values = { id: '42', object: 'Contacts', email: 'ada@example.com' };
    for (const [visible, name] of namedButtons) {
      const spoken = formatMessage(catalogue[name], values, locale).toLowerCase();
      expect({ name, spoken }).toEqual({
        name,
        spoken: expect.stringContaining(catalogue[visible].toLowerCase()),
      });
    }
  });

  it('takes a language’s catalogue for any of its regions, with numbers in the region’s way', () => {
    const swiss = catalogueFor('de-CH');
    expect(swiss.wizardNext).toBe('Weiter');
    expect(swiss.locale).toBe('de-CH');
    // Swiss German groups thousands with an apostrophe, German with a full stop.
    expect(formatMessage(swiss.backfillCustomTooLarge, { max: 36_500 }, swiss.locale)).toMatch(
      /^Geben Sie höchstens 36['’]500 Tage ein\.$/,
    );
  });

  it('falls back to English for a language without a catalogue, and for a malformed tag', () => {
    expect(catalogueFor('pl').wizardNext).toBe('Next');
    expect(catalogueFor('pl').locale).toBe('pl');
    expect(catalogueFor('not a locale!').wizardNext).toBe('Next');
  });

  it('chooses plural forms by the locale’s rules', () => {
    const fr = catalogueFor('fr');
    expect(formatMessage(fr.reviewFieldCount, { count: 1 }, fr.locale)).toBe('1 champ');
    expect(formatMessage(fr.reviewFieldCount, { count: 2_000 }, fr.locale)).toBe('2\u202f000 champs');
    const de = catalogueFor('de');
    expect(formatMessage(de.backfillPresetDays, { days: 1 }, de.locale)).toBe('Letzter Tag');
    expect(formatMessage(de.backfillPresetDays, { days: 30 }, de.locale)).toBe('Letzte 30 Tage');
  });
});

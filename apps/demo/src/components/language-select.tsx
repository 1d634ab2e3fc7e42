import type { DemoLocale } from '../use-locale.js';
import { demoLocales, isDemoLocale } from '../use-locale.js';

interface LanguageSelectProps {
  locale: DemoLocale;
  onLocaleChange: (locale: DemoLocale) => void;
}

/** The language of the Splice components: a labelled native select, each language named in itself. */
export function LanguageSelect({ locale, onLocaleChange }: LanguageSelectProps) {
  return (
    <label className="nw-language-select">
      <span>Language</span>
      <select
        value={locale}
        onChange={(event) => {
          const next = event.currentTarget.value;
          if (isDemoLocale(next)) onLocaleChange(next);
        }}
      >
        {demoLocales.map((option) => (
          <option key={option.value} value={option.value} lang={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
}

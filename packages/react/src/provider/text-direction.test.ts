import { afterEach, describe, expect, it, vi } from 'vitest';
import { textDirection } from './text-direction.js';

describe('textDirection', () => {
  afterEach(() => vi.restoreAllMocks());

  it.each(['ar', 'he', 'fa-IR', 'ur-PK'])('writes %s right to left', (locale) => {
    expect(textDirection(locale)).toBe('rtl');
  });

  it.each(['en', 'de-CH', 'fr', 'es', 'ja'])('writes %s left to right', (locale) => {
    expect(textDirection(locale)).toBe('ltr');
  });

  it('writes a tag that is not well-formed left to right, as the English it falls back to', () => {
    expect(textDirection('not a locale!')).toBe('ltr');
  });

  describe('in an engine that cannot tell a locale’s direction', () => {
    function withoutTextInfo() {
      vi.spyOn(Intl.Locale.prototype, 'textInfo' as never, 'get').mockReturnValue(undefined as never);
    }

    it('goes by the language', () => {
      withoutTextInfo();
      expect(textDirection('he-IL')).toBe('rtl');
      expect(textDirection('ur')).toBe('rtl');
      expect(textDirection('de')).toBe('ltr');
    });

    it('goes by the script when the tag names one', () => {
      withoutTextInfo();
      expect(textDirection('az-Arab')).toBe('rtl');
      expect(textDirection('ks-Deva')).toBe('ltr');
    });
  });
});

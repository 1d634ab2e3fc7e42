import { describe, expect, it } from 'vitest';
import { defaultMessages, formatMessage, mergeMessages } from './messages.js';

describe('messages', () => {
  it('fills every placeholder it has a value for', () => {
    expect(formatMessage('Invite sent to {email} ({n}).', { email: 'a@b.c', n: 2 })).toBe(
      'Invite sent to a@b.c (2).',
    );
  });

  it('leaves an unknown placeholder visible so a typo in an override is noticed', () => {
    expect(formatMessage('Last {dayz} days', { days: 7 })).toBe('Last {dayz} days');
  });

  it('writes numbers with the locale’s grouping, in placeholders and plural branches', () => {
    expect(formatMessage('Enter at most {max} days.', { max: 36_500 })).toBe('Enter at most 36,500 days.');
    expect(formatMessage('Enter at most {max} days.', { max: 36_500 }, 'de')).toBe(
      'Enter at most 36.500 days.',
    );
    expect(formatMessage('{n, plural, one {# day} other {# days}}', { n: 2_000 })).toBe('2,000 days');
    // Strings (ids, names) are left as they are.
    expect(formatMessage('{id}', { id: '12345' })).toBe('12345');
  });

  it('overrides only the strings given and keeps English for the rest', () => {
    const messages = mergeMessages({ retry: 'Réessayer' });
    expect(messages.retry).toBe('Réessayer');
    expect(messages.loading).toBe(defaultMessages.loading);
  });

  it('chooses singular or plural by the plural rules ("1 field", "2 fields")', () => {
    const template = '{count, plural, one {# field} other {# fields}} selected';
    expect(formatMessage(template, { count: 1 })).toBe('1 field selected');
    expect(formatMessage(template, { count: 2 })).toBe('2 fields selected');
    expect(formatMessage(template, { count: 0 })).toBe('0 fields selected');
    expect(formatMessage('{n, plural, =0 {none} one {# day} other {# days}}', { n: 0 })).toBe('none');
    // Another locale's rules: Polish has a "few" form.
    const polish = '{n, plural, one {# pole} few {# pola} many {# pól} other {# pola}}';
    expect(formatMessage(polish, { n: 3 }, 'pl')).toBe('3 pola');
    expect(formatMessage(polish, { n: 5 }, 'pl')).toBe('5 pól');
  });

  it('no default message writes a count without its plural rule', () => {
    // Any "{count} …s"-style default would read "1 fields"; counts go through a plural choice.
    const bare = Object.entries(defaultMessages).filter(([, text]) =>
      /\{(count|total|days|n|selected|shown|processed)\} \w+s\b/.test(text),
    );
    expect(bare).toEqual([]);
  });
});

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

  it('overrides only the strings given and keeps English for the rest', () => {
    const messages = mergeMessages({ retry: 'Réessayer' });
    expect(messages.retry).toBe('Réessayer');
    expect(messages.loading).toBe(defaultMessages.loading);
  });
});

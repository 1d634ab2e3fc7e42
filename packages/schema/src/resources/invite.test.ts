import { describe, expect, it } from 'vitest';
import { toIssues } from '../rules/issues.js';
import { inviteSchema } from './invite.js';
import { inviteRequestSchema } from './invite-request.js';

const invite = {
  id: 'inv-1',
  invitedEmail: 'ada@example.com',
  parentType: 'org',
  parentId: 'org-demo',
  status: 'pending',
  createTime: '2024-05-01T10:00:00.000Z',
  updateTime: '2024-05-01T10:00:00.000Z',
};

describe('invite request (interface: org invites)', () => {
  it('accepts a valid e-mail', () => {
    const result = inviteRequestSchema.safeParse({ email: 'ada@example.com' });
    expect(result.success).toBe(true);
    expect(result.data?.email).toBe('ada@example.com');
  });

  it('refuses a malformed e-mail with an issue naming email', () => {
    const input = { email: 'not-an-email' };
    const result = inviteRequestSchema.safeParse(input);
    expect(result.success).toBe(false);
    const issues = toIssues(result.error?.issues ?? [], input, 'body');
    expect(issues.map((i) => i.name)).toEqual(['email']);
    expect(issues[0]?.value).toBe('not-an-email');
    expect(issues[0]?.in).toBe('body');
    expect(issues[0]?.detail).toContain('e-mail');
  });

  it('refuses an e-mail without a domain', () => {
    expect(inviteRequestSchema.safeParse({ email: 'ada@' }).success).toBe(false);
  });

  it('refuses a missing e-mail, saying it is required', () => {
    const input = {};
    const result = inviteRequestSchema.safeParse(input);
    expect(result.success).toBe(false);
    const issues = toIssues(result.error?.issues ?? [], input, 'body');
    expect(issues.map((i) => i.name)).toEqual(['email']);
    expect(issues[0]?.type).toBe('urn:problem-type:missing-property');
  });

  it('refuses an unknown key beside email', () => {
    const input = { email: 'ada@example.com', role: 'admin' };
    const result = inviteRequestSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(toIssues(result.error?.issues ?? [], input, 'body').map((i) => i.name)).toEqual(['role']);
  });
});

describe('invite record (interface: invite, invite states)', () => {
  it('accepts a pending invite to an org', () => {
    const result = inviteSchema.safeParse(invite);
    expect(result.success).toBe(true);
    expect(result.data?.status).toBe('pending');
    expect(result.data?.parentType).toBe('org');
  });

  it('accepts each status of the interface', () => {
    for (const status of ['pending', 'accepted', 'revoked', 'expired']) {
      expect(inviteSchema.safeParse({ ...invite, status }).success, status).toBe(true);
    }
  });

  it('refuses another status', () => {
    const input = { ...invite, status: 'declined' };
    const result = inviteSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(toIssues(result.error?.issues ?? [], input, 'body').map((i) => i.name)).toEqual(['status']);
  });

  it('refuses a parentType other than org', () => {
    const input = { ...invite, parentType: 'project' };
    const result = inviteSchema.safeParse(input);
    expect(result.success).toBe(false);
    const issues = toIssues(result.error?.issues ?? [], input, 'body');
    expect(issues.map((i) => i.name)).toEqual(['parentType']);
    expect(issues[0]?.value).toBe('project');
  });

  it('refuses a createTime that is not ISO 8601', () => {
    const input = { ...invite, createTime: '01/05/2024' };
    const result = inviteSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(toIssues(result.error?.issues ?? [], input, 'body').map((i) => i.name)).toEqual(['createTime']);
  });

  it('accepts an ISO 8601 createTime with an offset', () => {
    expect(inviteSchema.safeParse({ ...invite, createTime: '2024-05-01T12:00:00+02:00' }).success).toBe(true);
  });

  it('refuses an invite without id', () => {
    const { id: _id, ...input } = invite;
    const result = inviteSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(toIssues(result.error?.issues ?? [], input, 'body').map((i) => i.name)).toEqual(['id']);
  });
});

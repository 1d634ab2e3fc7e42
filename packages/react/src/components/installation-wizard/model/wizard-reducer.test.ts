import type { Installation } from '@splice/schema';
import { describe, expect, it } from 'vitest';
import { SpliceNetworkError, SpliceProblem } from '../../../client/splice-error.js';
import { connectedWizard, installedWizard } from '../../../test-utils/test-wizard.js';
import { fieldIds } from './field-ids.js';
import type { WizardAction, WizardState } from './wizard-reducer.js';
import { currentStepIndex, initialWizardState, selectSteps, wizardReducer } from './wizard-reducer.js';

/** The state after the given actions, from a wizard whose details have just arrived. */
function after(...actions: WizardAction[]): WizardState {
  const loaded = wizardReducer(initialWizardState(), { type: 'loaded', details: connectedWizard() });
  return actions.reduce(wizardReducer, loaded);
}

const stepId = (state: WizardState) => selectSteps(state)[currentStepIndex(state)]?.id;
const mapStage: WizardAction = {
  type: 'update-read',
  objectName: 'contacts',
  update: (d) => ({ ...d, mappings: { ...d.mappings, stage: 'status' } }),
};
const installation = installedWizard().installation as Installation;
const issuesProblem = new SpliceProblem({
  type: 'about:blank',
  title: 'Invalid config',
  status: 422,
  issues: [
    {
      type: 'invalid',
      detail: 'No such schedule.',
      in: 'body',
      name: 'config.content.read.objects.contacts.schedule',
    },
    { type: 'invalid', detail: 'Twice.', in: 'body', name: 'config.content.read.objects.contacts.schedule' },
  ],
});

describe('the wizard reducer', () => {
  it('given no details yet, it has no draft and no steps', () => {
    const state = initialWizardState();
    expect(state.draft).toBeNull();
    expect(selectSteps(state)).toEqual([]);
    expect(wizardReducer(state, { type: 'next' })).toBe(state);
  });

  it('given details, it opens on the first step with the manifest defaults as the draft', () => {
    const state = after();
    expect(stepId(state)).toBe('objects');
    expect(state.draft?.read.contacts?.schedule).toBe('*/15 * * * *');
  });

  it('given details refetched later, it keeps what the user chose', () => {
    const edited = after({ type: 'update-read', objectName: 'contacts', update: { schedule: '0 * * * *' } });
    const refetched = wizardReducer(edited, { type: 'loaded', details: connectedWizard() });
    expect(refetched.draft?.read.contacts?.schedule).toBe('0 * * * *');
  });

  it('given an unmapped required field, it blocks the next step and asks to focus that mapping', () => {
    const onRead = after({ type: 'next' });
    expect(stepId(onRead)).toBe('read:contacts');
    const refused = wizardReducer(onRead, { type: 'next' });
    expect(stepId(refused)).toBe('read:contacts');
    expect(refused.shownErrors[fieldIds.mapping('contacts', 'stage')]).toEqual({
      code: 'mapping-required',
      mapToName: 'stage',
      name: 'Pipeline stage',
    });
    expect(refused.focusTarget).toBe(fieldIds.mapping('contacts', 'stage'));
  });

  it('given the field mapped, it lets the user go on and forgets the shown errors', () => {
    const refused = after({ type: 'next' }, { type: 'next' });
    const mapped = wizardReducer(refused, mapStage);
    expect(mapped.shownErrors).toEqual({});
    const moved = wizardReducer(mapped, { type: 'next' });
    expect(stepId(moved)).toBe('read:deals');
    expect(moved.focusTarget).toBe('heading');
  });

  it('going back keeps every choice, and steps once visited stay reachable', () => {
    const state = after({ type: 'next' }, mapStage, { type: 'next' }, { type: 'back' }, { type: 'back' });
    expect(stepId(state)).toBe('objects');
    expect(state.visited).toBe(2);
    expect(state.draft?.read.contacts?.mappings.stage).toBe('status');
    expect(stepId(wizardReducer(state, { type: 'go-to', index: 2 }))).toBe('read:deals');
  });

  it('opens any step the host names at once for an existing installation, and only reached ones otherwise', () => {
    const review: WizardAction = { type: 'go-to-step', stepId: 'review' };
    expect(stepId(wizardReducer(after(), review))).toBe('objects');
    const editing = wizardReducer(initialWizardState(), { type: 'loaded', details: installedWizard() });
    expect(stepId(wizardReducer(editing, review))).toBe('review');
    // An object switched on adds a step, open as well.
    const writing = wizardReducer(editing, {
      type: 'update-write',
      objectName: 'contacts',
      update: { selected: true },
    });
    expect(stepId(wizardReducer(writing, { type: 'go-to-step', stepId: 'write:contacts' }))).toBe(
      'write:contacts',
    );
  });

  it('refuses to go to a step that does not exist', () => {
    const state = after();
    expect(wizardReducer(state, { type: 'go-to', index: 99 })).toBe(state);
    expect(wizardReducer(state, { type: 'back' })).toBe(state);
  });

  it('given an object switched off, its step leaves the list and the current step stays in range', () => {
    const state = after({ type: 'update-read', objectName: 'contacts', update: { selected: false } });
    expect(selectSteps(state).map((s) => s.kind)).toEqual(['objects', 'read', 'proxy', 'review']);
    const last = wizardReducer(state, { type: 'go-to', index: 3 });
    const shorter = wizardReducer(last, { type: 'hide-steps', hidden: ['proxy', 'objects'] });
    expect(stepId(shorter)).toBe('review');
  });

  it('given a step still invalid, install moves to it instead of installing', () => {
    const onReview = after({ type: 'hide-steps', hidden: ['read'] }, { type: 'go-to', index: 0 });
    const state = wizardReducer(onReview, { type: 'hide-steps', hidden: [] });
    const atReview = { ...state, stepIndex: selectSteps(state).length - 1 };
    const refused = wizardReducer(atReview, { type: 'install' });
    expect(refused.installing).toBe(false);
    expect(stepId(refused)).toBe('read:contacts');
    expect(refused.focusTarget).toBe(fieldIds.mapping('contacts', 'stage'));
  });

  it('given a valid draft, install starts once and records the installation', () => {
    const installing = after(mapStage, { type: 'install' });
    expect(installing.installing).toBe(true);
    expect(wizardReducer(installing, { type: 'install' })).toBe(installing);
    const done = wizardReducer(installing, { type: 'install-succeeded', installation });
    expect(done).toMatchObject({ installing: false, installed: installation });
  });

  it("given the server's issues, it lands on the named step and joins two issues on one control", () => {
    const failed = after(mapStage, { type: 'install' }, { type: 'install-failed', error: issuesProblem });
    const scheduleId = fieldIds.schedule('contacts');
    expect(failed.serverErrors).toEqual({
      [scheduleId]: { stepId: 'read:contacts', detail: 'No such schedule. Twice.' },
    });
    expect(stepId(failed)).toBe('read:contacts');
    expect(failed.focusTarget).toBe(scheduleId);
    expect(failed.installError).toBe(issuesProblem);
  });

  it("editing a step clears that step's server issues only", () => {
    const failed = after(mapStage, { type: 'install' }, { type: 'install-failed', error: issuesProblem });
    const proxyEdited = wizardReducer(failed, { type: 'set-proxy', enabled: true });
    expect(proxyEdited.serverErrors).toBe(failed.serverErrors);
    const readEdited = wizardReducer(failed, { type: 'update-read', objectName: 'contacts', update: {} });
    expect(readEdited.serverErrors).toEqual({});
  });

  it('given a network failure, it keeps the step and the draft and only records the error', () => {
    const error = new SpliceNetworkError('offline');
    const before = after(mapStage, { type: 'install' });
    const failed = wizardReducer(before, { type: 'install-failed', error });
    expect(failed).toMatchObject({ installing: false, installError: error, serverErrors: {} });
    expect(failed.stepIndex).toBe(before.stepIndex);
    expect(failed.draft).toBe(before.draft);
  });

  it('forgets the focus request once the view has focused', () => {
    const moved = after({ type: 'next' });
    expect(wizardReducer(moved, { type: 'focus-handled' }).focusTarget).toBeNull();
  });
});

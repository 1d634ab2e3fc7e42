import { describe, expect, it } from 'vitest';
import { connectedWizard, testWizard } from '../../../test-utils/test-wizard.js';
import { initialDraft } from './initial-draft.js';
import { objectStep } from './steps.js';
import { validateStep } from './validate.js';
import { initialWizardState, wizardReducer } from './wizard-reducer.js';

const fullHistory = { defaultPeriod: { fullHistory: true as const } };

describe('one history for every object', () => {
  it('opens with the furthest history the manifest asks of any object, and every object follows it', () => {
    // Contacts asks for 30 days, Deals for none: both import 30 days, and neither is an exception.
    const draft = initialDraft(testWizard());
    expect(draft.history.value).toEqual({ defaultPeriod: { days: 30 } });
    expect(draft.read.contacts).toMatchObject({
      backfill: { defaultPeriod: { days: 30 } },
      ownBackfill: false,
    });
    expect(draft.read.deals).toMatchObject({ backfill: { defaultPeriod: { days: 30 } }, ownBackfill: false });
  });

  it("keeps a builder's preset for one object as that object's own", () => {
    const draft = initialDraft(testWizard(), { read: { deals: { backfill: fullHistory } } });
    expect(draft.read.deals).toMatchObject({ backfill: fullHistory, ownBackfill: true });
    expect(draft.read.contacts?.ownBackfill).toBe(false);
  });

  it('reopens an installation on the history most of its objects import, the others as exceptions', () => {
    const wizard = testWizard({
      installation: {
        config: {
          content: {
            provider: 'sandboxcrm',
            read: {
              objects: {
                contacts: { objectName: 'contacts', backfill: { defaultPeriod: { days: 7 } } },
                deals: { objectName: 'deals', backfill: { defaultPeriod: { fullHistory: true } } },
                companies: { objectName: 'companies', backfill: { defaultPeriod: { days: 7 } } },
              },
            },
          },
        },
      } as never,
    });
    const draft = initialDraft(wizard);
    expect(draft.history.value).toEqual({ defaultPeriod: { days: 7 } });
    expect(draft.read.contacts).toMatchObject({
      backfill: { defaultPeriod: { days: 7 } },
      ownBackfill: false,
    });
    expect(draft.read.deals).toMatchObject({ backfill: fullHistory, ownBackfill: true });
  });

  it('a new choice reaches every object that follows it, and leaves an own history alone', () => {
    const loaded = wizardReducer(initialWizardState(), { type: 'loaded', details: connectedWizard() });
    const ownDeals = wizardReducer(loaded, {
      type: 'update-read',
      objectName: 'deals',
      update: { ownBackfill: true, backfill: { defaultPeriod: { days: 0 } } },
    });
    const state = wizardReducer(ownDeals, {
      type: 'set-history',
      input: { mode: 'full', choice: 30, customText: '' },
      value: fullHistory,
    });
    expect(state.draft?.history.value).toEqual(fullHistory);
    expect(state.draft?.read.contacts?.backfill).toEqual(fullHistory);
    expect(state.draft?.read.deals?.backfill).toEqual({ defaultPeriod: { days: 0 } });
  });

  it('an invalid custom number blocks the objects step and sends no older value in its place', () => {
    const loaded = wizardReducer(initialWizardState(), { type: 'loaded', details: connectedWizard() });
    const state = wizardReducer(loaded, {
      type: 'set-history',
      input: { mode: 'days', choice: 'custom', customText: '-5' },
      value: undefined,
    });
    const { details, draft } = state;
    if (!details || !draft) throw new Error('no draft');
    expect(validateStep({ kind: 'objects', id: 'objects' }, details, draft)).toEqual({
      history: { code: 'invalid-backfill', reason: 'invalid' },
    });
    // The objects keep their last valid history meanwhile, and their own steps are not blamed for it.
    expect(draft.read.contacts?.backfill).toEqual({ defaultPeriod: { days: 30 } });
    expect(validateStep(objectStep('read', 'deals'), details, draft)).toEqual({});
  });
});

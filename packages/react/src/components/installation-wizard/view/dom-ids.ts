/** The DOM ids of one control and of the parts around it that describe or serve it. */
export interface ControlIds {
  /** The control itself, what its `<label htmlFor>` names. */
  control: string;
  error: string;
  hint: string;
  warning: string;
  /** A live preview of the value (a schedule's description and next runs). */
  preview: string;
  /** A search box narrowing the control's options, and the list it narrows. */
  filter: string;
  list: string;
  /** The `name` of a radio group offering ready-made values for the control. */
  choices: string;
  /** A second control in the same row (a filter's field picker beside its value). */
  field: string;
}

/** Every DOM id of one wizard instance. */
export interface WizardDomIds {
  stepTitle: string;
  installed: string;
  /** The title of the connect step (shown while the group has no working connection). */
  connect: string;
  /** The ids of a control, from its field id (see `fieldIds`). */
  of(fieldId: string): ControlIds;
}

/**
 * The one builder of the wizard's DOM ids. The prefix (from `useId`) keeps two wizards on a page
 * apart; field ids are made safe for `id` and `aria-*` references.
 */
export function wizardDomIds(prefix: string): WizardDomIds {
  return {
    stepTitle: `${prefix}-step-title`,
    installed: `${prefix}-installed`,
    connect: `${prefix}-connect`,
    of(fieldId) {
      const control = `${prefix}-${fieldId.replace(/[^A-Za-z0-9_-]/g, '_')}`;
      const part = (name: string) => `${control}-${name}`;
      return {
        control,
        error: part('error'),
        hint: part('hint'),
        warning: part('warning'),
        preview: part('preview'),
        filter: part('filter'),
        list: part('list'),
        choices: part('choices'),
        field: part('field'),
      };
    },
  };
}

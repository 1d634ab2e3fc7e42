/**
 * Whether a page holds changes not yet saved (the wizard's draft), so the app's own navigation can ask
 * before leaving. The draft itself survives (the wizard keeps it for the tab), but the user should know
 * the install or the edit is not done. Reload and closing the tab are asked by the browser (the wizard's
 * `beforeunload`).
 */
let unsaved = false;

export function setUnsavedChanges(value: boolean): void {
  unsaved = value;
}

export function hasUnsavedChanges(): boolean {
  return unsaved;
}

/** True when the user may leave: nothing unsaved, or they said so. */
export function confirmLeave(): boolean {
  return (
    !unsaved ||
    window.confirm(
      'Your CRM sync settings are not installed or saved yet. Leave this page? What you chose stays here until you sign out.',
    )
  );
}

/** True when the user may throw the unsaved changes away: nothing unsaved, or they said so. */
export function confirmDiscard(): boolean {
  return !unsaved || window.confirm('Discard your changes to the CRM sync settings?');
}

/** UninstallButton's user-visible strings (English defaults, replaceable via `messages`). */
export const uninstallMessages = {
  uninstall: 'Uninstall',
  uninstallConfirmTitle: 'Uninstall {integration}?',
  uninstallConfirmDetail:
    'Every read stops: no new records arrive in the app and scheduled reads end. Records already delivered stay. The connection to your account is removed when nothing else uses it, so installing again starts with connecting.',
  uninstallConfirm: 'Yes, uninstall',
  uninstallCancel: 'Keep it installed',
  uninstalling: 'Uninstalling…',
  uninstalled: '{integration} is uninstalled. You can install it again at any time.',
} as const;

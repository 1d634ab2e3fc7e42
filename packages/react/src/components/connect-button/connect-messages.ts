/** The connect flow's strings (English defaults; a host replaces any through `messages`). */
export const connectMessages = {
  connectButton: 'Connect {provider}',
  reconnectButton: 'Reconnect {provider}',
  connectConnecting: 'Finish signing in to {provider} in the window that opened…',
  connectRedirecting: 'Taking you to {provider}…',
  connectConnected: '{provider} is connected.',
  connectBadCredentials:
    '{provider} no longer accepts the saved sign-in. Reconnect to keep your data in sync.',
  connectBlocked: 'Your browser blocked the sign-in window.',
  connectContinueInTab: 'Continue in this tab',
  connectTryPopupAgain: 'Try the window again',
  connectClosed: 'The sign-in window was closed before you finished, so nothing was connected.',
  connectDenied: 'Access was denied in {provider}, so nothing was connected.',
  connectExpired: 'The sign-in took too long and expired. Start again.',
  connectProviderError: '{provider} could not complete the sign-in. Try again.',
  connectFailed: 'Connecting could not start.',
  connectRetry: 'Try again',
  connectStatusLoading: 'Checking the connection…',
  connectWorkspace: 'Account: {workspace}',
  disconnectButton: 'Disconnect',
  disconnectLabel: 'Disconnect {provider}',
  disconnectConfirmTitle: 'Disconnect {provider}?',
  disconnectConfirmDetail:
    'Nothing is read from this {provider} account until someone connects it again. Your data in {provider} stays as it is.',
  disconnectConfirm: 'Yes, disconnect',
  disconnectCancel: 'Keep it connected',
  disconnecting: 'Disconnecting…',
  disconnectInUse: 'An installation reads through this connection. Uninstall it first, then disconnect.',
  wizardConnectTitle: 'Connect your {provider} account',
  wizardConnectIntro:
    'Installing needs a {provider} account connected for your organization. Sign in to {provider} and allow access; you come straight back here.',
  wizardReconnectTitle: 'Reconnect your {provider} account',
  wizardReconnectIntro:
    '{provider} no longer accepts the saved sign-in. Sign in again to keep installing and syncing.',
} as const;

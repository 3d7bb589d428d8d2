/** Shell words, and the labels of coded values several domains show (account types, terminals, results). */
export default {
  ok: 'OK',
  cancel: 'Cancel',
  confirm: 'Confirm',
  save: 'Save',
  close: 'Close',
  refresh: 'Refresh',
  back: 'Back',
  loading: 'Loading…',
  language: 'Language',
  frequentOperation: 'Please do not operate frequently',
  hasError: 'Has Error',
  menuLoadFailed: 'Menu data failed to load',
  /** The one wording of each kind of "it worked" toast, the same on every screen. */
  done: {
    saved: 'Saved',
    deleted: 'Deleted',
  },
  /** What an image field says of a file it will not send (shared/image-upload.ts). */
  image: {
    wrongType: 'Choose a PNG or JPEG image',
    tooLarge: 'The image must be {{mb}} MB or smaller',
  },
  /** The one empty state: a table, list or panel with nothing to show. */
  empty: 'No data',
  sessionEnded: {
    title: 'Logged out',
    content: 'You have been logged out. Cancel to stay on this page, or log in again.',
    relogin: 'Log in again',
  },
  accountTypes: {
    admin: 'Administrator',
    agent: 'Agent',
    user: 'User',
    groundPromoter: 'Ground promoter',
    serviceProvider: 'Service provider',
    outlet: 'Outlet',
    operator: 'Operator (direct-sales team)',
  },
  terminals: {
    MANAGE_PC: 'Back office (PC)',
    AGENT_IOS: 'Agent iOS app',
    AGENT_ANDROID: 'Agent Android app',
    AGENT_WECHAT: 'Agent WeChat app',
    AGENT_ALIPAY: 'Agent Alipay app',
    USER_IOS: 'User iOS app',
    USER_ANDROID: 'User Android app',
    USER_WECHAT: 'User WeChat app',
    USER_ALIPAY: 'User Alipay app',
  },
  results: {
    success: 'Success',
    fail: 'Failed',
  },
};

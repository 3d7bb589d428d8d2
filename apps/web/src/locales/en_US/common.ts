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
  sessionEnded: {
    title: 'Logged out',
    content: 'You have been logged out. Cancel to stay on this page, or log in again.',
    relogin: 'Log in again',
  },
};

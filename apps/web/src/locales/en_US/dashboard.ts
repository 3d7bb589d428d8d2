export default {
  empty: 'Nothing to show yet',
  account: {
    title: 'My account',
    lastLoginTime: 'Last sign-in',
    lastLoginIp: 'Last sign-in address',
    recent: 'Recent sign-ins',
    noRecent: 'No sign-ins yet',
    time: 'Time',
    terminal: 'Terminal',
    result: 'Result',
    ip: 'Address',
  },
};

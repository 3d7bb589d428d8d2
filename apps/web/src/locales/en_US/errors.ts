export default {
  notFound: {
    title: 'Page not found',
    description: 'Sorry, the page you are looking for does not exist.',
    backHome: 'Back to home',
  },
  forbidden: {
    title: 'No permission',
    description: 'Your account does not have permission to open this page.',
    ask: 'If you need it, ask an administrator to give one of your roles this menu.',
    back: 'Go back',
  },
  viewCrashed: {
    title: 'This screen ran into a problem',
    description: 'It failed while loading or displaying. Other screens are not affected.',
    retry: 'Try again',
  },
};

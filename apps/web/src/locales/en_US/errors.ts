export default {
  notFound: {
    title: 'Page not found',
    description: 'Sorry, the page you are looking for does not exist.',
    backHome: 'Back to home',
  },
  viewCrashed: {
    title: 'This screen ran into a problem',
    description: 'It failed while loading or displaying. Other screens are not affected.',
    retry: 'Try again',
  },
};

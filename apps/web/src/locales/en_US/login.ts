export default {
  pageTitle: 'Sign in',
  title: 'Back office',
  byAccount: 'User name',
  byMobile: 'Mobile',
  userName: 'User name',
  areaCode: 'Area code',
  mobile: 'Mobile number',
  password: 'Password',
  submit: 'Sign in',
  forgot: 'Forgot your password?',
  forgotHow:
    'Ask an administrator of your company to reset it: System → Personnel → Reset password. They give you a new one, which you change at your first sign-in in the personal center.',
  required: {
    userName: 'Enter your user name',
    areaCode: 'Enter the area code',
    mobile: 'Enter your mobile number',
    password: 'Enter your password',
  },
};

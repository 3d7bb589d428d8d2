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
  required: {
    userName: 'Enter your user name',
    areaCode: 'Enter the area code',
    mobile: 'Enter your mobile number',
    password: 'Enter your password',
  },
};

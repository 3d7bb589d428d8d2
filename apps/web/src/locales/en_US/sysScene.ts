export default {
  title: 'Device scenes',
  explain: 'The picture and link the user app shows when a device of each kind is scanned.',
  btnEdit: 'Edit scene',
  deviceType: 'Device',
  img: 'Display picture',
  link: 'Link address',
  updateTime: 'Updated',
  notSet: 'Not set',
  edit: 'Edit',
  editTitle: 'Scene of {{kind}}',
  kinds: { cabinet: 'Cabinet power bank', cable: 'Charging cable', bluetooth: 'Bluetooth charger' },
};

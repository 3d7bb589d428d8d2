export default {
  title: '设备场景',
  explain: '用户扫描各类设备时用户端展示的图片和链接。',
  btnEdit: '编辑场景',
  deviceType: '设备',
  img: '展示图片',
  link: '链接地址',
  updateTime: '更新时间',
  notSet: '未设置',
  edit: '编辑',
  editTitle: '{{kind}}场景',
  kinds: { cabinet: '机柜充电宝', cable: '充电线', bluetooth: '蓝牙充电器' },
};

export default {
  title: '設備場景',
  explain: '使用者掃描各類設備時使用者端展示的圖片和連結。',
  btnEdit: '編輯場景',
  deviceType: '設備',
  img: '展示圖片',
  link: '連結位址',
  updateTime: '更新時間',
  notSet: '未設定',
  edit: '編輯',
  editTitle: '{{kind}}場景',
  kinds: { cabinet: '機櫃行動電源', cable: '充電線', bluetooth: '藍牙充電器' },
};

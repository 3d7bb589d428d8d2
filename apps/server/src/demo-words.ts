import type { Lang } from '@cbo/contract';

/**
 * The words of what the first start makes up (DEMO_LANGUAGE chooses the language): the demo
 * network's names, addresses and remarks, its passes, coupons and cable packages, the simulated
 * cabinets' model. They are data once made: stored as written, read the same by every viewer,
 * renamed like any record. The demo's numbers, codes, positions and billing live in
 * demo-network.ts; only words are here, once per language (the type makes each language complete).
 */
/** The places of the demo's outlets (demo-network.ts has their positions and billing). */
export type DemoOutletPlace =
  | 'bund'
  | 'nanjingRoad'
  | 'peoplesSquare'
  | 'xintiandi'
  | 'jingan'
  | 'tianzifang'
  | 'xujiahui'
  | 'wujiaochang'
  | 'lujiazui'
  | 'hongqiao';

export interface DemoWords {
  region: string;
  /** Remark of the demo's records and reason of its bindings. */
  remark: string;
  agents: { A: string; B: string; C: string };
  team: string;
  provider: { name: string; contact: string };
  pusher: string;
  /** Nicknames of the four demo customers, in DEMO_MEMBERS' order. */
  members: readonly [string, string, string, string];
  cooperationContact: string;
  outletManager: string;
  /** Names and addresses of the ten outlets, by place. */
  outlets: Readonly<Record<DemoOutletPlace, { name: string; address: string }>>;
  /** The 3-ride and the 10-ride pass. */
  vouchers: readonly [string, string];
  cableModel: string;
  /** The cable packages of 1, 3, 12 and 24 hours. */
  cableTiers: readonly [string, string, string, string];
  coupons: { duration: string; money: string };
  simulatedCabinetModel: string;
  simulatedCabinetRemark: string;
}

export const DEMO_WORDS: Readonly<Record<Lang, DemoWords>> = {
  zh_CN: {
    region: '上海中心城区',
    remark: '演示网络',
    agents: { A: '黄浦充电科技', B: '外滩充电', C: '徐汇街角代理' },
    team: '浦东直营',
    provider: { name: '城市安装服务公司', contact: '张伟' },
    pusher: '李娜',
    members: ['陈杰', '刘洋', '赵敏', '孙浩'],
    cooperationContact: '王芳',
    outletManager: '演示店长',
    outlets: {
      bund: { name: '外滩江景咖啡', address: '黄浦区中山东一路20号' },
      nanjingRoad: { name: '南京路商场', address: '黄浦区南京东路580号' },
      peoplesSquare: { name: '人民广场站', address: '黄浦区西藏中路120号' },
      xintiandi: { name: '新天地酒廊', address: '黄浦区太仓路181号' },
      jingan: { name: '静安酒店', address: '静安区南京西路1700号' },
      tianzifang: { name: '田子坊小馆', address: '黄浦区泰康路210弄' },
      xujiahui: { name: '徐家汇书店', address: '徐汇区虹桥路1号' },
      wujiaochang: { name: '五角场影城', address: '杨浦区淞沪路99号' },
      lujiazui: { name: '陆家嘴大厦', address: '浦东新区银城中路501号' },
      hongqiao: { name: '虹桥火车站大厅', address: '闵行区申虹路1500号' },
    },
    vouchers: ['演示3次卡', '演示10次卡'],
    cableModel: '演示充电线',
    cableTiers: ['1小时', '3小时', '12小时', '24小时'],
    coupons: { duration: '演示：首小时免费', money: '演示：立减2.00' },
    simulatedCabinetModel: '模拟机柜',
    simulatedCabinetRemark: '模拟机柜（SIMULATOR）',
  },
  zh_TW: {
    region: '上海中心城區',
    remark: '示範網路',
    agents: { A: '黃浦充電科技', B: '外灘充電', C: '徐匯街角代理' },
    team: '浦東直營',
    provider: { name: '城市安裝服務公司', contact: '張偉' },
    pusher: '李娜',
    members: ['陳杰', '劉洋', '趙敏', '孫浩'],
    cooperationContact: '王芳',
    outletManager: '示範店長',
    outlets: {
      bund: { name: '外灘江景咖啡', address: '黃浦區中山東一路20號' },
      nanjingRoad: { name: '南京路商場', address: '黃浦區南京東路580號' },
      peoplesSquare: { name: '人民廣場站', address: '黃浦區西藏中路120號' },
      xintiandi: { name: '新天地酒廊', address: '黃浦區太倉路181號' },
      jingan: { name: '靜安酒店', address: '靜安區南京西路1700號' },
      tianzifang: { name: '田子坊小館', address: '黃浦區泰康路210弄' },
      xujiahui: { name: '徐家匯書店', address: '徐匯區虹橋路1號' },
      wujiaochang: { name: '五角場影城', address: '楊浦區淞滬路99號' },
      lujiazui: { name: '陸家嘴大廈', address: '浦東新區銀城中路501號' },
      hongqiao: { name: '虹橋火車站大廳', address: '閔行區申虹路1500號' },
    },
    vouchers: ['示範3次卡', '示範10次卡'],
    cableModel: '示範充電線',
    cableTiers: ['1小時', '3小時', '12小時', '24小時'],
    coupons: { duration: '示範：首小時免費', money: '示範：立減2.00' },
    simulatedCabinetModel: '模擬機櫃',
    simulatedCabinetRemark: '模擬機櫃（SIMULATOR）',
  },
  en_US: {
    region: 'Shanghai Central',
    remark: 'Demo network',
    agents: { A: 'Huangpu Power Co.', B: 'Bund Charging', C: 'Xuhui Corner Agent' },
    team: 'Pudong Direct',
    provider: { name: 'City Install Co.', contact: 'Zhang Wei' },
    pusher: 'Li Na',
    members: ['Chen Jie', 'Liu Yang', 'Zhao Min', 'Sun Hao'],
    cooperationContact: 'Wang Fang',
    outletManager: 'Demo manager',
    outlets: {
      bund: { name: 'Bund River Café', address: '20 Zhongshan East 1st Rd, Huangpu' },
      nanjingRoad: { name: 'Nanjing Rd Mall', address: '580 Nanjing East Rd, Huangpu' },
      peoplesSquare: { name: "People's Sq. Stn", address: '120 Xizang Middle Rd, Huangpu' },
      xintiandi: { name: 'Xintiandi Lounge', address: '181 Taicang Rd, Huangpu' },
      jingan: { name: "Jing'an Hotel", address: "1700 Nanjing West Rd, Jing'an" },
      tianzifang: { name: 'Tianzifang Bistro', address: 'Lane 210 Taikang Rd, Huangpu' },
      xujiahui: { name: 'Xujiahui Bookstore', address: '1 Hongqiao Rd, Xuhui' },
      wujiaochang: { name: 'Wujiaochang Cinema', address: '99 Songhu Rd, Yangpu' },
      lujiazui: { name: 'Lujiazui Tower', address: '501 Yincheng Middle Rd, Pudong' },
      hongqiao: { name: 'Hongqiao Rail Hall', address: '1500 Shenhong Rd, Minhang' },
    },
    vouchers: ['Demo 3 rides', 'Demo 10 rides'],
    cableModel: 'Demo cable',
    cableTiers: ['1 hour', '3 hours', '12 hours', '24 hours'],
    coupons: { duration: 'Demo: first hour free', money: 'Demo: 2.00 off' },
    simulatedCabinetModel: 'Sim cabinet',
    simulatedCabinetRemark: 'Simulated cabinets (SIMULATOR)',
  },
};

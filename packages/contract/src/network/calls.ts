import { z } from 'zod';
import { call, none } from '../platform/call.js';
import { idQuery, pageResult } from '../platform/envelope.js';
import { exportStarted } from '../platform/exports.js';
import * as region from './region.js';
import * as team from './team.js';
import * as agent from './agent.js';
import * as pusher from './pusher.js';
import * as provider from './provider.js';
import * as member from './member.js';
import * as coop from './cooperation.js';
import * as appAuth from './app-auth.js';
import * as picker from './picker.js';
import * as partner from './partner.js';
import { savedId, statusRequest } from './shared.js';
import { networkPerms } from './permissions.js';

const P = networkPerms;
const m = 'network';
const imageUploaded = z.object({ url: z.string() });

/** Regions, teams, agents, ground pushers, service providers, members, cooperation applications and the agent app's sign-in. */
export const networkCalls = {
  regionQueryPage: call({ method: 'GET', path: '/user/api/v1/region/queryPage', access: { permission: P.regionQuery }, module: m,
    summary: 'Regions with their person in charge, teams, devices and turnover', query: region.regionQuery, data: pageResult(region.regionItem) }),
  regionExport: call({ method: 'POST', path: '/user/api/v1/region/export', access: { permission: P.regionExport }, module: m,
    summary: 'Export the region list to the export centre', body: region.regionFilter, data: exportStarted }),
  regionSaveOrUpdate: call({ method: 'POST', path: '/user/api/v1/region/saveOrUpdate', access: { permission: P.regionSave }, module: m,
    summary: 'Create a region or edit one', body: region.regionSaveRequest, data: savedId }),
  regionDelete: call({ method: 'DELETE', path: '/user/api/v1/region/delete', access: { permission: P.regionDelete }, module: m,
    summary: 'Delete a region that no team or agent belongs to', query: idQuery, data: none }),
  regionOptions: call({ method: 'GET', path: '/user/api/v1/region/options', access: 'authenticated', module: m,
    summary: 'Every region (id and name), for pickers', data: z.array(region.regionOption) }),

  teamQueryPage: call({ method: 'GET', path: '/user/api/v1/team/queryPage', access: { permission: P.teamQuery }, module: m,
    summary: 'Teams of direct-sales operators with leader, members and region', query: team.teamQuery, data: pageResult(team.teamItem) }),
  teamExport: call({ method: 'POST', path: '/user/api/v1/team/export', access: { permission: P.teamExport }, module: m,
    summary: 'Export the team list to the export centre', body: team.teamFilter, data: exportStarted }),
  teamSaveOrUpdate: call({ method: 'POST', path: '/user/api/v1/team/saveOrUpdate', access: { permission: P.teamSave }, module: m,
    summary: 'Create a team or edit one (a staff account belongs to one team)', body: team.teamSaveRequest, data: savedId }),
  teamDelete: call({ method: 'DELETE', path: '/user/api/v1/team/delete', access: { permission: P.teamDelete }, module: m,
    summary: "Delete a team that no outlet belongs to, whose operator account is zero and has no withdrawal waiting for review or payout (its operator's app account goes with it)", query: idQuery, data: none }),
  teamOptions: call({ method: 'GET', path: '/user/api/v1/team/options', access: 'authenticated', module: m,
    summary: 'Every team (id, name, region), for pickers', data: z.array(team.teamOption) }),
  teamDirect: call({ method: 'GET', path: '/user/api/v1/team/direct', access: 'authenticated', module: m,
    summary: "The direct-sales teams the caller leads or belongs to (every team for a super administrator), with outlets and what the books owe each: the direct-management screen", data: z.array(team.directTeam) }),

  agentQueryPage: call({ method: 'GET', path: '/user/api/v1/agent/queryPage', access: { permission: P.agentQuery }, module: m,
    summary: 'Agents by level, name and status', query: agent.agentQuery, data: pageResult(agent.agentItem) }),
  agentDetail: call({ method: 'GET', path: '/user/api/v1/agent/detail', access: { permission: P.agentQuery }, module: m,
    summary: 'One agent with its profit chain from the platform down', query: idQuery, data: agent.agentDetail }),
  agentTree: call({ method: 'GET', path: '/user/api/v1/agent/tree', access: { permission: P.agentQuery }, module: m,
    summary: "The partner tree, one level a call: the A agents (or the agent rootId), or an agent's child agents and outlets, each with outlets and devices (its own and its subtree's)", query: partner.agentTreeQuery, data: z.array(partner.agentTreeNode) }),
  partnerStatement: call({ method: 'GET', path: '/user/api/v1/partner/statement', access: { permission: P.agentQuery }, module: m,
    summary: "A partner's statement (agent, outlet, service provider, ground pusher or team) for whole days: opening, shares, reversals, withdrawals, closing, from the ledger (at most 366 days)", query: partner.partnerStatementQuery, data: partner.partnerStatement }),
  partnerStatementExport: call({ method: 'POST', path: '/user/api/v1/partner/statement/export', access: { permission: P.agentExport }, module: m,
    summary: "Export a partner's statement (its days, opening and closing) to the export centre", body: partner.partnerStatementQuery, data: exportStarted }),
  agentExport: call({ method: 'POST', path: '/user/api/v1/agent/export', access: { permission: P.agentExport }, module: m,
    summary: 'Export the agent list to the export centre', body: agent.agentFilter, data: exportStarted }),
  agentSaveOrUpdate: call({ method: 'POST', path: '/user/api/v1/agent/saveOrUpdate', access: { permission: P.agentSave }, module: m,
    summary: "Create an agent or edit one: a ratio at most its parent's and at least every child's", body: agent.agentSaveRequest, data: savedId }),
  agentUpdateStatus: call({ method: 'PUT', path: '/user/api/v1/agent/updateStatus', access: { permission: P.agentStatus }, module: m,
    summary: 'Freeze an agent (its app sessions end) or unfreeze it', body: statusRequest, data: none }),
  agentUploadImage: call({ method: 'POST', path: '/user/api/v1/agent/uploadImage', access: { permission: P.agentSave }, module: m,
    summary: "Upload an agent's avatar: a whole PNG or JPEG, up to 2 MB; counts in the uploader's quota", data: imageUploaded, multipart: true }),

  pusherQueryPage: call({ method: 'GET', path: '/user/api/v1/groundPusher/queryPage', access: { permission: P.pusherQuery }, module: m,
    summary: 'Ground pushers by name, agent, permission and status', query: pusher.pusherQuery, data: pageResult(pusher.pusherItem) }),
  pusherExport: call({ method: 'POST', path: '/user/api/v1/groundPusher/export', access: { permission: P.pusherExport }, module: m,
    summary: 'Export the ground pusher list to the export centre', body: pusher.pusherFilter, data: exportStarted }),
  pusherSaveOrUpdate: call({ method: 'POST', path: '/user/api/v1/groundPusher/saveOrUpdate', access: { permission: P.pusherSave }, module: m,
    summary: 'Create a ground pusher or edit one', body: pusher.pusherSaveRequest, data: savedId }),
  pusherUpdateStatus: call({ method: 'PUT', path: '/user/api/v1/groundPusher/updateStatus', access: { permission: P.pusherStatus }, module: m,
    summary: 'Freeze a ground pusher (its app sessions end) or unfreeze it', body: statusRequest, data: none }),
  pusherUploadImage: call({ method: 'POST', path: '/user/api/v1/groundPusher/uploadImage', access: { permission: P.pusherSave }, module: m,
    summary: "Upload a ground pusher's ID card picture or avatar: a whole PNG or JPEG, up to 2 MB; counts in the uploader's quota", data: imageUploaded, multipart: true }),

  providerQueryPage: call({ method: 'GET', path: '/user/api/v1/serviceProvider/queryPage', access: { permission: P.providerQuery }, module: m,
    summary: 'Outlet service providers with the outlets they serve', query: provider.providerQuery, data: pageResult(provider.providerItem) }),
  providerExport: call({ method: 'POST', path: '/user/api/v1/serviceProvider/export', access: { permission: P.providerExport }, module: m,
    summary: 'Export the service provider list to the export centre', body: provider.providerFilter, data: exportStarted }),
  providerSaveOrUpdate: call({ method: 'POST', path: '/user/api/v1/serviceProvider/saveOrUpdate', access: { permission: P.providerSave }, module: m,
    summary: 'Create an outlet service provider or edit one', body: provider.providerSaveRequest, data: savedId }),
  providerUpdateStatus: call({ method: 'PUT', path: '/user/api/v1/serviceProvider/updateStatus', access: { permission: P.providerStatus }, module: m,
    summary: 'Freeze a service provider (its app sessions end) or unfreeze it', body: statusRequest, data: none }),

  memberQueryPage: call({ method: 'GET', path: '/user/api/v1/member/queryPage', access: { permission: P.memberQuery }, module: m,
    summary: 'Members of the rental apps', query: member.memberQuery, data: pageResult(member.memberItem) }),
  memberExport: call({ method: 'POST', path: '/user/api/v1/member/export', access: { permission: P.memberExport }, module: m,
    summary: 'Export the member list to the export centre', body: member.memberFilter, data: exportStarted }),
  memberUpdateLevel: call({ method: 'PUT', path: '/user/api/v1/member/updateLevel', access: { permission: P.memberLevel }, module: m,
    summary: "Change a member's level (A, B, C): while the membership function is activated, the level takes its percent off the fee at the settle", body: member.memberLevelRequest, data: none }),
  memberDetail: call({ method: 'GET', path: '/user/api/v1/member/detail', access: { permission: P.memberQuery }, module: m,
    summary: 'One customer: profile, level, frozen or not (last freeze: who, when, why), balance and deposit held, orders live and archived, last sign-in (the tabs: the lists filtered by userId)', query: member.memberDetailQuery, data: member.memberDetail }),
  memberSignInQueryPage: call({ method: 'GET', path: '/user/api/v1/member/signIns', access: { permission: P.memberQuery }, module: m,
    summary: "A customer's sign-ins in the user app (their sessions: terminal, address, last seen, signed out), newest first", query: member.memberSignInQuery, data: pageResult(member.memberSignInItem) }),
  memberFreezeQueryPage: call({ method: 'GET', path: '/user/api/v1/member/freezes', access: { permission: P.memberQuery }, module: m,
    summary: 'Every freeze and unfreeze of a customer: who, when, why, newest first', query: member.memberFreezeQuery, data: pageResult(member.memberFreezeItem) }),
  memberUpdateStatus: call({ method: 'PUT', path: '/user/api/v1/member/updateStatus', access: { permission: P.memberStatus }, module: m,
    summary: 'Freeze a member (a reason of 1-32 characters) or unfreeze one', body: member.memberStatusRequest, data: none }),

  cooperationQueryPage: call({ method: 'GET', path: '/user/api/v1/cooperation/queryPage', access: { permission: P.cooperationQuery }, module: m,
    summary: 'Agency cooperation applications', query: coop.cooperationQuery, data: pageResult(coop.cooperationItem) }),
  cooperationExport: call({ method: 'POST', path: '/user/api/v1/cooperation/export', access: { permission: P.cooperationExport }, module: m,
    summary: 'Export the cooperation applications to the export centre', body: coop.cooperationFilter, data: exportStarted }),
  cooperationHandle: call({ method: 'PUT', path: '/user/api/v1/cooperation/handle', access: { permission: P.cooperationHandle }, module: m,
    summary: 'Take a cooperation application on or close it, with a note', body: coop.cooperationHandleRequest, data: none }),

  selectUserByType: call({ method: 'GET', path: '/user/api/v1/sys/user/selectUserByType', access: 'authenticated', module: m,
    summary: 'Accounts of one kind (agents of a level, pushers, service providers, operators, members) by keyword, paged, for pickers',
    query: picker.pickerQuery, data: pageResult(picker.pickerItem) }),

  appLogin: call({ method: 'POST', path: '/user/api/app/v1/auth', access: 'public', module: m,
    summary: 'Agent app sign-in (agents, ground pushers, service providers); the token opens app calls only',
    body: appAuth.appLoginRequest, data: appAuth.appLoginResponse }),
  appSendCode: call({ method: 'POST', path: '/user/api/app/v1/auth/sendCode', access: 'public', module: m,
    summary: "Customer app: send a 6-digit sign-in code to a mobile (at most one a minute per number)", body: appAuth.appSendCodeRequest, data: none }),
  appMe: call({ method: 'GET', path: '/user/api/app/v1/me', access: 'app', module: m,
    summary: 'The signed-in app account', data: appAuth.appMe }),
  appLogout: call({ method: 'POST', path: '/user/api/app/v1/logout', access: 'app', module: m,
    summary: 'Ends the app session', data: none }),
  appAgentTree: call({ method: 'GET', path: '/user/api/app/v1/agent/tree', access: 'app', module: m,
    summary: "Agent app: the signed-in agent's own subtree, one level a call (without parentId: the agent itself); another agent's is refused", query: partner.agentTreeQuery, data: z.array(partner.agentTreeNode) }),
  appPartnerStatement: call({ method: 'GET', path: '/user/api/app/v1/partner/statement', access: 'app', module: m,
    summary: "Agent app: the statement of the signed-in agent or of an agent or outlet of its subtree (another's is refused)", query: partner.partnerStatementQuery, data: partner.partnerStatement }),
  appCooperationApply: call({ method: 'POST', path: '/user/api/app/v1/cooperation/apply', access: 'app', module: m,
    summary: 'A signed-in app account passes on someone who wants to become an agent or host a store', body: coop.cooperationApplyRequest, data: savedId }),
} as const;

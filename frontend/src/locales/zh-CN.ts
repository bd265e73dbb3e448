import app from './zh-CN/app';
import menu from './zh-CN/menu';
import pages from './zh-CN/pages';
import request from './zh-CN/request';
import adminOrg from './zh-CN/admin-org';
import adminPlatform from './zh-CN/admin-platform';
import resource from './zh-CN/resource';
import logs from './zh-CN/logs';
import component from './zh-CN/component';
import investment from './zh-CN/investment';
import output from './zh-CN/output';
import notice from './zh-CN/notice';
import dataAnalysis from './zh-CN/dataAnalysis';
import zoneSetting from './zh-CN/zoneSetting';

export default {
  ...app,
  ...menu,
  ...pages,
  ...request,
  ...adminOrg,
  ...adminPlatform,
  ...resource,
  ...logs,
  ...component,
  ...investment,
  ...output,
  ...notice,
  ...dataAnalysis,
  ...zoneSetting,
};

import app from './en-US/app';
import menu from './en-US/menu';
import menuCode from './en-US/menuCode';
import pages from './en-US/pages';
import request from './en-US/request';
import adminOrg from './en-US/admin-org';
import adminPlatform from './en-US/admin-platform';
import resource from './en-US/resource';
import logs from './en-US/logs';
import component from './en-US/component';
import investment from './en-US/investment';
import output from './en-US/output';
import notice from './en-US/notice';
import dataAnalysis from './en-US/dataAnalysis';
import zoneSetting from './en-US/zoneSetting';

export default {
  ...app,
  ...menu,
  ...menuCode,
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

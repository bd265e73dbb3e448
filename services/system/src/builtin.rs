//! The built-in catalogue: the menu tree of SPEC section 2 with its permission buttons, and the system and business dictionaries.
//!
//! Pure data, read by the seeders (`seed` for the platform, `provision` for each new tenant). Button paths follow api-contract 4.1: `add`, `edit`, `view` and `platform`
//! carry the front-end route Sword pushes (it appends `/<id>`); every other action carries the API path the
//! button posts `ids` to, under `/api/keeper-system`, `/api/keeper-resource`, `/api/keeper-log`, or `/api` for
//! the business service. Workflow submission uses `submit-audit`, because `submit` is create-or-update.

/// A category-1 menu; `children` are sub-menus and `buttons` its category-2 rows.
pub struct MenuSeed {
    /// Unique across all menus and buttons, snake_case.
    pub code: &'static str,
    pub name: &'static str,
    /// Front-end route.
    pub path: &'static str,
    /// antd icon name.
    pub source: &'static str,
    pub sort: i32,
    pub children: &'static [MenuSeed],
    pub buttons: &'static [ButtonSeed],
}

/// A category-2 menu row (permission button) of its parent menu.
pub struct ButtonSeed {
    /// `<menu code>_<alias>`, hyphens of the alias turned into underscores.
    pub code: &'static str,
    pub name: &'static str,
    /// Action keyword the front end switches on.
    pub alias: &'static str,
    /// Front-end route for add/edit/view/platform, API path otherwise.
    pub path: &'static str,
    pub source: &'static str,
    /// 1 toolbar, 2 row, 3 both (dictionary `button_func`).
    pub action: i32,
    pub sort: i32,
}

/// One dictionary: its top row (`dictKey` -1, `dictValue` = `name`) and its items.
pub struct DictSeed {
    pub code: &'static str,
    pub name: &'static str,
    pub items: &'static [DictItemSeed],
}

/// One dictionary item; `children` only for tree dictionaries.
pub struct DictItemSeed {
    pub key: &'static str,
    pub value: &'static str,
    pub children: &'static [DictItemSeed],
}

/// Top-level menus in display order.
#[rustfmt::skip]
pub static MENUS: &[MenuSeed] = &[
    MenuSeed { code: "output_value", name: "产值管理", path: "/outputValue", source: "line-chart", sort: 1,
        children: &[
            MenuSeed { code: "annual_output_breakdown", name: "年度产值分解", path: "/outputValue/annualOutputBreakdown", source: "pie-chart", sort: 1,
                children: &[],
                buttons: &[
                    ButtonSeed { code: "annual_output_breakdown_add", name: "新增", alias: "add", path: "/outputValue/annualOutputBreakdown/add", source: "plus", action: 1, sort: 1 },
                    ButtonSeed { code: "annual_output_breakdown_edit", name: "修改", alias: "edit", path: "/outputValue/annualOutputBreakdown/edit", source: "form", action: 2, sort: 2 },
                    ButtonSeed { code: "annual_output_breakdown_delete", name: "删除", alias: "delete", path: "/api/outputTarget/remove", source: "delete", action: 3, sort: 3 },
                    ButtonSeed { code: "annual_output_breakdown_view", name: "查看", alias: "view", path: "/outputValue/annualOutputBreakdown/view", source: "eye", action: 2, sort: 4 },
                    ButtonSeed { code: "annual_output_breakdown_import", name: "导入", alias: "import", path: "/api/outputTarget/import", source: "import", action: 1, sort: 5 },
                    ButtonSeed { code: "annual_output_breakdown_export", name: "导出", alias: "export", path: "/api/outputTarget/export", source: "export", action: 1, sort: 6 },
                    ButtonSeed { code: "annual_output_breakdown_release", name: "下达", alias: "release", path: "/api/outputTarget/release", source: "notification", action: 3, sort: 7 },
                    ButtonSeed { code: "annual_output_breakdown_confirm", name: "确认", alias: "confirm", path: "/api/outputTarget/confirm", source: "check", action: 3, sort: 8 },
                ],
            },
            MenuSeed { code: "park_monthly_output_value", name: "园区月度产值", path: "/outputValue/parkMonthlyOutputValue", source: "bar-chart", sort: 2,
                children: &[],
                buttons: &[
                    ButtonSeed { code: "park_monthly_output_value_add", name: "新增", alias: "add", path: "/outputValue/parkMonthlyOutputValue/add", source: "plus", action: 1, sort: 1 },
                    ButtonSeed { code: "park_monthly_output_value_edit", name: "修改", alias: "edit", path: "/outputValue/parkMonthlyOutputValue/edit", source: "form", action: 2, sort: 2 },
                    ButtonSeed { code: "park_monthly_output_value_delete", name: "删除", alias: "delete", path: "/api/parkMonthlyOutput/remove", source: "delete", action: 3, sort: 3 },
                    ButtonSeed { code: "park_monthly_output_value_view", name: "查看", alias: "view", path: "/outputValue/parkMonthlyOutputValue/view", source: "eye", action: 2, sort: 4 },
                    ButtonSeed { code: "park_monthly_output_value_import", name: "导入", alias: "import", path: "/api/parkMonthlyOutput/import", source: "import", action: 1, sort: 5 },
                    ButtonSeed { code: "park_monthly_output_value_export", name: "导出", alias: "export", path: "/api/parkMonthlyOutput/export", source: "export", action: 1, sort: 6 },
                ],
            },
            MenuSeed { code: "exploration_decomposition", name: "摸底分解", path: "/outputValue/explorationAndDecomposition", source: "file-search", sort: 3,
                children: &[],
                buttons: &[
                    ButtonSeed { code: "exploration_decomposition_add", name: "新增", alias: "add", path: "/outputValue/explorationAndDecomposition/add", source: "plus", action: 1, sort: 1 },
                    ButtonSeed { code: "exploration_decomposition_edit", name: "修改", alias: "edit", path: "/outputValue/explorationAndDecomposition/edit", source: "form", action: 2, sort: 2 },
                    ButtonSeed { code: "exploration_decomposition_delete", name: "删除", alias: "delete", path: "/api/outputSurvey/remove", source: "delete", action: 3, sort: 3 },
                    ButtonSeed { code: "exploration_decomposition_view", name: "查看", alias: "view", path: "/outputValue/explorationAndDecomposition/view", source: "eye", action: 2, sort: 4 },
                    ButtonSeed { code: "exploration_decomposition_import", name: "导入", alias: "import", path: "/api/outputSurvey/import", source: "import", action: 1, sort: 5 },
                    ButtonSeed { code: "exploration_decomposition_export", name: "导出", alias: "export", path: "/api/outputSurvey/export", source: "export", action: 1, sort: 6 },
                    ButtonSeed { code: "exploration_decomposition_submit", name: "提交", alias: "submit", path: "/api/outputSurvey/submit-audit", source: "check-square", action: 3, sort: 7 },
                    ButtonSeed { code: "exploration_decomposition_approve", name: "审核", alias: "approve", path: "/api/outputSurvey/approve", source: "audit", action: 3, sort: 8 },
                    ButtonSeed { code: "exploration_decomposition_return", name: "退回", alias: "return", path: "/api/outputSurvey/return", source: "rollback", action: 2, sort: 9 },
                ],
            },
            MenuSeed { code: "output_report", name: "产值填报", path: "/outputValue/report", source: "file-text", sort: 4,
                children: &[],
                buttons: &[
                    ButtonSeed { code: "output_report_add", name: "新增", alias: "add", path: "/outputValue/report/add", source: "plus", action: 1, sort: 1 },
                    ButtonSeed { code: "output_report_edit", name: "修改", alias: "edit", path: "/outputValue/report/edit", source: "form", action: 2, sort: 2 },
                    ButtonSeed { code: "output_report_delete", name: "删除", alias: "delete", path: "/api/outputValue/remove", source: "delete", action: 3, sort: 3 },
                    ButtonSeed { code: "output_report_view", name: "查看", alias: "view", path: "/outputValue/report/view", source: "eye", action: 2, sort: 4 },
                    ButtonSeed { code: "output_report_import", name: "导入", alias: "import", path: "/api/outputValue/import", source: "import", action: 1, sort: 5 },
                    ButtonSeed { code: "output_report_export", name: "导出", alias: "export", path: "/api/outputValue/export", source: "export", action: 1, sort: 6 },
                    ButtonSeed { code: "output_report_submit", name: "提交", alias: "submit", path: "/api/outputValue/submit-audit", source: "check-square", action: 3, sort: 7 },
                    ButtonSeed { code: "output_report_approve", name: "审核", alias: "approve", path: "/api/outputValue/approve", source: "audit", action: 3, sort: 8 },
                    ButtonSeed { code: "output_report_return", name: "退回", alias: "return", path: "/api/outputValue/return", source: "rollback", action: 2, sort: 9 },
                    ButtonSeed { code: "output_report_remind", name: "催报", alias: "remind", path: "/api/outputValue/remind", source: "notification", action: 1, sort: 10 },
                ],
            },
            MenuSeed { code: "output_statistics", name: "产值统计", path: "/outputValue/statistics", source: "area-chart", sort: 5,
                children: &[],
                buttons: &[
                    ButtonSeed { code: "output_statistics_view", name: "查看", alias: "view", path: "/outputValue/statistics/view", source: "eye", action: 2, sort: 1 },
                    ButtonSeed { code: "output_statistics_export", name: "导出", alias: "export", path: "/api/outputValue/export-statistics", source: "export", action: 1, sort: 2 },
                ],
            },
        ],
        buttons: &[],
    },
    MenuSeed { code: "investment", name: "投资管理", path: "/investment", source: "project", sort: 2,
        children: &[
            MenuSeed { code: "project_management", name: "项目管理", path: "/investment/projectManagement", source: "appstore", sort: 1,
                children: &[
                    MenuSeed { code: "project_warehousing", name: "项目入库", path: "/investment/projectManagement/projectWarehousing", source: "inbox", sort: 1,
                        children: &[],
                        buttons: &[
                            ButtonSeed { code: "project_warehousing_add", name: "新增", alias: "add", path: "/investment/projectManagement/projectWarehousing/add", source: "plus", action: 1, sort: 1 },
                            ButtonSeed { code: "project_warehousing_edit", name: "修改", alias: "edit", path: "/investment/projectManagement/projectWarehousing/edit", source: "form", action: 2, sort: 2 },
                            ButtonSeed { code: "project_warehousing_delete", name: "删除", alias: "delete", path: "/api/project/remove", source: "delete", action: 3, sort: 3 },
                            ButtonSeed { code: "project_warehousing_view", name: "查看", alias: "view", path: "/investment/projectManagement/projectWarehousing/view", source: "eye", action: 2, sort: 4 },
                            ButtonSeed { code: "project_warehousing_import", name: "导入", alias: "import", path: "/api/project/import", source: "import", action: 1, sort: 5 },
                            ButtonSeed { code: "project_warehousing_export", name: "导出", alias: "export", path: "/api/project/export", source: "export", action: 1, sort: 6 },
                            ButtonSeed { code: "project_warehousing_submit", name: "提交", alias: "submit", path: "/api/project/submit-audit", source: "check-square", action: 3, sort: 7 },
                            ButtonSeed { code: "project_warehousing_approve", name: "审核", alias: "approve", path: "/api/project/approve", source: "audit", action: 3, sort: 8 },
                            ButtonSeed { code: "project_warehousing_return", name: "退回", alias: "return", path: "/api/project/return", source: "rollback", action: 2, sort: 9 },
                        ],
                    },
                    MenuSeed { code: "technical_renovation", name: "技术改造", path: "/investment/projectManagement/technicalRenovation", source: "tool", sort: 2,
                        children: &[],
                        buttons: &[
                            ButtonSeed { code: "technical_renovation_add", name: "新增", alias: "add", path: "/investment/projectManagement/technicalRenovation/add", source: "plus", action: 1, sort: 1 },
                            ButtonSeed { code: "technical_renovation_edit", name: "修改", alias: "edit", path: "/investment/projectManagement/technicalRenovation/edit", source: "form", action: 2, sort: 2 },
                            ButtonSeed { code: "technical_renovation_delete", name: "删除", alias: "delete", path: "/api/project/remove", source: "delete", action: 3, sort: 3 },
                            ButtonSeed { code: "technical_renovation_view", name: "查看", alias: "view", path: "/investment/projectManagement/technicalRenovation/view", source: "eye", action: 2, sort: 4 },
                            ButtonSeed { code: "technical_renovation_import", name: "导入", alias: "import", path: "/api/project/import", source: "import", action: 1, sort: 5 },
                            ButtonSeed { code: "technical_renovation_export", name: "导出", alias: "export", path: "/api/project/export", source: "export", action: 1, sort: 6 },
                            ButtonSeed { code: "technical_renovation_submit", name: "提交", alias: "submit", path: "/api/project/submit-audit", source: "check-square", action: 3, sort: 7 },
                            ButtonSeed { code: "technical_renovation_approve", name: "审核", alias: "approve", path: "/api/project/approve", source: "audit", action: 3, sort: 8 },
                            ButtonSeed { code: "technical_renovation_return", name: "退回", alias: "return", path: "/api/project/return", source: "rollback", action: 2, sort: 9 },
                        ],
                    },
                ],
                buttons: &[],
            },
            MenuSeed { code: "track_project", name: "跟踪项目", path: "/investment/trackProject", source: "schedule", sort: 2,
                children: &[],
                buttons: &[
                    ButtonSeed { code: "track_project_add", name: "新增", alias: "add", path: "/investment/trackProject/add", source: "plus", action: 1, sort: 1 },
                    ButtonSeed { code: "track_project_edit", name: "修改", alias: "edit", path: "/investment/trackProject/edit", source: "form", action: 2, sort: 2 },
                    ButtonSeed { code: "track_project_delete", name: "删除", alias: "delete", path: "/api/projectReport/remove", source: "delete", action: 3, sort: 3 },
                    ButtonSeed { code: "track_project_view", name: "查看", alias: "view", path: "/investment/trackProject/view", source: "eye", action: 2, sort: 4 },
                    ButtonSeed { code: "track_project_import", name: "导入", alias: "import", path: "/api/projectReport/import", source: "import", action: 1, sort: 5 },
                    ButtonSeed { code: "track_project_export", name: "导出", alias: "export", path: "/api/projectReport/export", source: "export", action: 1, sort: 6 },
                    ButtonSeed { code: "track_project_submit", name: "提交", alias: "submit", path: "/api/projectReport/submit-audit", source: "check-square", action: 3, sort: 7 },
                    ButtonSeed { code: "track_project_approve", name: "审核", alias: "approve", path: "/api/projectReport/approve", source: "audit", action: 3, sort: 8 },
                    ButtonSeed { code: "track_project_return", name: "退回", alias: "return", path: "/api/projectReport/return", source: "rollback", action: 2, sort: 9 },
                    ButtonSeed { code: "track_project_issue", name: "上报问题", alias: "issue", path: "/api/projectIssue/submit", source: "exclamation-circle", action: 2, sort: 10 },
                    ButtonSeed { code: "track_project_assign", name: "问题交办", alias: "assign", path: "/api/projectIssue/assign", source: "send", action: 2, sort: 11 },
                    ButtonSeed { code: "track_project_handle", name: "问题办理", alias: "handle", path: "/api/projectIssue/act", source: "tool", action: 2, sort: 12 },
                ],
            },
            MenuSeed { code: "in_library_project", name: "在库项目", path: "/investment/inLibraryProject", source: "database", sort: 3,
                children: &[
                    MenuSeed { code: "target_task", name: "目标任务", path: "/investment/inLibraryProject/targetTask", source: "flag", sort: 1,
                        children: &[],
                        buttons: &[
                            ButtonSeed { code: "target_task_add", name: "新增", alias: "add", path: "/investment/inLibraryProject/targetTask/add", source: "plus", action: 1, sort: 1 },
                            ButtonSeed { code: "target_task_edit", name: "修改", alias: "edit", path: "/investment/inLibraryProject/targetTask/edit", source: "form", action: 2, sort: 2 },
                            ButtonSeed { code: "target_task_delete", name: "删除", alias: "delete", path: "/api/target/remove", source: "delete", action: 3, sort: 3 },
                            ButtonSeed { code: "target_task_view", name: "查看", alias: "view", path: "/investment/inLibraryProject/targetTask/view", source: "eye", action: 2, sort: 4 },
                            ButtonSeed { code: "target_task_import", name: "导入", alias: "import", path: "/api/target/import", source: "import", action: 1, sort: 5 },
                            ButtonSeed { code: "target_task_export", name: "导出", alias: "export", path: "/api/target/export", source: "export", action: 1, sort: 6 },
                            ButtonSeed { code: "target_task_release", name: "下达", alias: "release", path: "/api/target/release", source: "notification", action: 3, sort: 7 },
                            ButtonSeed { code: "target_task_confirm", name: "确认", alias: "confirm", path: "/api/target/confirm", source: "check", action: 3, sort: 8 },
                        ],
                    },
                    MenuSeed { code: "investment_forecasting", name: "投资预测", path: "/investment/inLibraryProject/investmentForecasting", source: "rise", sort: 2,
                        children: &[],
                        buttons: &[
                            ButtonSeed { code: "investment_forecasting_add", name: "新增", alias: "add", path: "/investment/inLibraryProject/investmentForecasting/add", source: "plus", action: 1, sort: 1 },
                            ButtonSeed { code: "investment_forecasting_edit", name: "修改", alias: "edit", path: "/investment/inLibraryProject/investmentForecasting/edit", source: "form", action: 2, sort: 2 },
                            ButtonSeed { code: "investment_forecasting_delete", name: "删除", alias: "delete", path: "/api/investmentForecast/remove", source: "delete", action: 3, sort: 3 },
                            ButtonSeed { code: "investment_forecasting_view", name: "查看", alias: "view", path: "/investment/inLibraryProject/investmentForecasting/view", source: "eye", action: 2, sort: 4 },
                            ButtonSeed { code: "investment_forecasting_import", name: "导入", alias: "import", path: "/api/investmentForecast/import", source: "import", action: 1, sort: 5 },
                            ButtonSeed { code: "investment_forecasting_export", name: "导出", alias: "export", path: "/api/investmentForecast/export", source: "export", action: 1, sort: 6 },
                            ButtonSeed { code: "investment_forecasting_submit", name: "提交", alias: "submit", path: "/api/investmentForecast/submit-audit", source: "check-square", action: 3, sort: 7 },
                            ButtonSeed { code: "investment_forecasting_approve", name: "审核", alias: "approve", path: "/api/investmentForecast/approve", source: "audit", action: 3, sort: 8 },
                            ButtonSeed { code: "investment_forecasting_return", name: "退回", alias: "return", path: "/api/investmentForecast/return", source: "rollback", action: 2, sort: 9 },
                        ],
                    },
                    MenuSeed { code: "in_library_report", name: "报表", path: "/investment/inLibraryProject/report", source: "table", sort: 3,
                        children: &[],
                        buttons: &[
                            ButtonSeed { code: "in_library_report_view", name: "查看", alias: "view", path: "/investment/inLibraryProject/report/view", source: "eye", action: 2, sort: 1 },
                            ButtonSeed { code: "in_library_report_export", name: "导出", alias: "export", path: "/api/project/export-report", source: "export", action: 1, sort: 2 },
                            ButtonSeed { code: "in_library_report_lock", name: "锁定", alias: "lock", path: "/api/project/report-sheet/lock", source: "lock", action: 1, sort: 3 },
                            ButtonSeed { code: "in_library_report_unlock", name: "解锁", alias: "unlock", path: "/api/project/report-sheet/unlock", source: "unlock", action: 1, sort: 4 },
                        ],
                    },
                    MenuSeed { code: "in_library_statistics", name: "统计", path: "/investment/inLibraryProject/statistics", source: "dashboard", sort: 4,
                        children: &[],
                        buttons: &[
                            ButtonSeed { code: "in_library_statistics_view", name: "查看", alias: "view", path: "/investment/inLibraryProject/statistics/view", source: "eye", action: 2, sort: 1 },
                            ButtonSeed { code: "in_library_statistics_export", name: "导出", alias: "export", path: "/api/project/export-statistics", source: "export", action: 1, sort: 2 },
                        ],
                    },
                ],
                buttons: &[],
            },
            MenuSeed { code: "finish_project", name: "已完成项目", path: "/investment/finishProject", source: "check-circle", sort: 4,
                children: &[],
                buttons: &[
                    ButtonSeed { code: "finish_project_edit", name: "修改", alias: "edit", path: "/investment/finishProject/edit", source: "form", action: 2, sort: 1 },
                    ButtonSeed { code: "finish_project_view", name: "查看", alias: "view", path: "/investment/finishProject/view", source: "eye", action: 2, sort: 2 },
                    ButtonSeed { code: "finish_project_export", name: "导出", alias: "export", path: "/api/project/finished/export", source: "export", action: 1, sort: 3 },
                ],
            },
        ],
        buttons: &[],
    },
    // Notices to the zone's staff (issue 18): written, published and withdrawn here; read by every signed-in
    // user in the header and on the home page, which need no menu.
    MenuSeed { code: "notice", name: "通知公告", path: "/notice", source: "notification", sort: 3,
        children: &[],
        buttons: &[
            ButtonSeed { code: "notice_add", name: "新增", alias: "add", path: "/notice/add", source: "plus", action: 1, sort: 1 },
            ButtonSeed { code: "notice_edit", name: "修改", alias: "edit", path: "/notice/edit", source: "form", action: 2, sort: 2 },
            ButtonSeed { code: "notice_delete", name: "删除", alias: "delete", path: "/api/noticeManager/remove", source: "delete", action: 3, sort: 3 },
            ButtonSeed { code: "notice_view", name: "查看", alias: "view", path: "/notice/view", source: "eye", action: 2, sort: 4 },
            ButtonSeed { code: "notice_publish", name: "发布", alias: "publish", path: "/api/noticeManager/publish", source: "send", action: 3, sort: 5 },
            ButtonSeed { code: "notice_withdraw", name: "撤回", alias: "withdraw", path: "/api/noticeManager/withdraw", source: "rollback", action: 3, sort: 6 },
            ButtonSeed { code: "notice_receipt", name: "阅读情况", alias: "receipt", path: "/api/noticeManager/receipts", source: "team", action: 2, sort: 7 },
        ],
    },
    MenuSeed { code: "resource", name: "资源管理", path: "/resource", source: "bg-colors", sort: 6,
        children: &[
            MenuSeed { code: "oss", name: "对象存储", path: "/resource/oss", source: "cloud", sort: 1,
                children: &[],
                buttons: &[
                    ButtonSeed { code: "oss_add", name: "新增", alias: "add", path: "/resource/oss/add", source: "plus", action: 1, sort: 1 },
                    ButtonSeed { code: "oss_edit", name: "修改", alias: "edit", path: "/resource/oss/edit", source: "form", action: 2, sort: 2 },
                    ButtonSeed { code: "oss_delete", name: "删除", alias: "delete", path: "/api/keeper-resource/oss/remove", source: "delete", action: 3, sort: 3 },
                    ButtonSeed { code: "oss_view", name: "查看", alias: "view", path: "/resource/oss/view", source: "eye", action: 2, sort: 4 },
                    ButtonSeed { code: "oss_enable", name: "启用", alias: "enable", path: "/api/keeper-resource/oss/enable", source: "check-circle", action: 2, sort: 5 },
                ],
            },
            MenuSeed { code: "sms", name: "短信配置", path: "/resource/sms", source: "message", sort: 2,
                children: &[],
                buttons: &[
                    ButtonSeed { code: "sms_add", name: "新增", alias: "add", path: "/resource/sms/add", source: "plus", action: 1, sort: 1 },
                    ButtonSeed { code: "sms_edit", name: "修改", alias: "edit", path: "/resource/sms/edit", source: "form", action: 2, sort: 2 },
                    ButtonSeed { code: "sms_delete", name: "删除", alias: "delete", path: "/api/keeper-resource/sms/remove", source: "delete", action: 3, sort: 3 },
                    ButtonSeed { code: "sms_view", name: "查看", alias: "view", path: "/resource/sms/view", source: "eye", action: 2, sort: 4 },
                    ButtonSeed { code: "sms_enable", name: "启用", alias: "enable", path: "/api/keeper-resource/sms/enable", source: "check-circle", action: 2, sort: 5 },
                ],
            },
            MenuSeed { code: "attach", name: "附件管理", path: "/resource/attach", source: "paper-clip", sort: 3,
                children: &[],
                buttons: &[
                    ButtonSeed { code: "attach_upload", name: "上传", alias: "upload", path: "/api/keeper-resource/oss/endpoint/put-file-attach", source: "upload", action: 1, sort: 1 },
                    ButtonSeed { code: "attach_download", name: "下载", alias: "download", path: "/api/keeper-resource/attach/download", source: "download", action: 2, sort: 2 },
                    ButtonSeed { code: "attach_delete", name: "删除", alias: "delete", path: "/api/keeper-resource/attach/remove", source: "delete", action: 3, sort: 3 },
                ],
            },
        ],
        buttons: &[],
    },
    MenuSeed { code: "authority", name: "权限管理", path: "/authority", source: "safety-certificate", sort: 98,
        children: &[
            MenuSeed { code: "role", name: "角色管理", path: "/authority/role", source: "team", sort: 1,
                children: &[],
                buttons: &[
                    ButtonSeed { code: "role_add", name: "新增", alias: "add", path: "/authority/role/add", source: "plus", action: 1, sort: 1 },
                    ButtonSeed { code: "role_edit", name: "修改", alias: "edit", path: "/authority/role/edit", source: "form", action: 2, sort: 2 },
                    ButtonSeed { code: "role_delete", name: "删除", alias: "delete", path: "/api/keeper-system/role/remove", source: "delete", action: 3, sort: 3 },
                    ButtonSeed { code: "role_view", name: "查看", alias: "view", path: "/authority/role/view", source: "eye", action: 2, sort: 4 },
                    ButtonSeed { code: "role_grant", name: "权限设置", alias: "grant", path: "/api/keeper-system/role/grant", source: "safety-certificate", action: 1, sort: 5 },
                ],
            },
            MenuSeed { code: "data_scope", name: "数据权限", path: "/authority/datascope", source: "filter", sort: 2,
                children: &[],
                buttons: &[
                    ButtonSeed { code: "data_scope_setting", name: "权限配置", alias: "setting", path: "/api/keeper-system/data-scope/submit", source: "setting", action: 2, sort: 1 },
                ],
            },
            MenuSeed { code: "api_scope", name: "接口权限", path: "/authority/apiscope", source: "api", sort: 3,
                children: &[],
                buttons: &[
                    ButtonSeed { code: "api_scope_setting", name: "权限配置", alias: "setting", path: "/api/keeper-system/api-scope/submit", source: "setting", action: 2, sort: 1 },
                ],
            },
        ],
        buttons: &[],
    },
    MenuSeed { code: "system", name: "系统管理", path: "/system", source: "setting", sort: 99,
        children: &[
            MenuSeed { code: "user", name: "用户管理", path: "/system/user", source: "user", sort: 1,
                children: &[],
                buttons: &[
                    // First among the row links: on a registration waiting for review it is the one thing to do.
                    ButtonSeed { code: "user_audit", name: "审核", alias: "audit", path: "/api/keeper-system/user/audit", source: "audit", action: 2, sort: 0 },
                    ButtonSeed { code: "user_add", name: "新增", alias: "add", path: "/system/user/add", source: "plus", action: 1, sort: 1 },
                    ButtonSeed { code: "user_edit", name: "修改", alias: "edit", path: "/system/user/edit", source: "form", action: 2, sort: 2 },
                    ButtonSeed { code: "user_delete", name: "删除", alias: "delete", path: "/api/keeper-system/user/remove", source: "delete", action: 3, sort: 3 },
                    ButtonSeed { code: "user_view", name: "查看", alias: "view", path: "/system/user/view", source: "eye", action: 2, sort: 4 },
                    ButtonSeed { code: "user_role", name: "角色配置", alias: "role", path: "/api/keeper-system/user/grant", source: "user-add", action: 1, sort: 5 },
                    ButtonSeed { code: "user_reset_password", name: "密码重置", alias: "reset-password", path: "/api/keeper-system/user/reset-password", source: "retweet", action: 1, sort: 6 },
                    ButtonSeed { code: "user_unlock", name: "账号解锁", alias: "unlock", path: "/api/keeper-system/user/unlock", source: "unlock", action: 1, sort: 7 },
                    ButtonSeed { code: "user_enable", name: "启用/停用", alias: "enable", path: "/api/keeper-system/user/enable", source: "check-circle", action: 2, sort: 8 },
                    ButtonSeed { code: "user_platform", name: "平台配置", alias: "platform", path: "/system/user/platform", source: "desktop", action: 2, sort: 9 },
                    ButtonSeed { code: "user_import", name: "导入", alias: "import", path: "/api/keeper-system/user/import-user", source: "import", action: 1, sort: 10 },
                    ButtonSeed { code: "user_export", name: "导出", alias: "export", path: "/api/keeper-system/user/export-user", source: "export", action: 1, sort: 11 },
                ],
            },
            MenuSeed { code: "dept", name: "机构管理", path: "/system/dept", source: "apartment", sort: 2,
                children: &[],
                buttons: &[
                    ButtonSeed { code: "dept_add", name: "新增", alias: "add", path: "/system/dept/add", source: "plus", action: 1, sort: 1 },
                    ButtonSeed { code: "dept_edit", name: "修改", alias: "edit", path: "/system/dept/edit", source: "form", action: 2, sort: 2 },
                    ButtonSeed { code: "dept_delete", name: "删除", alias: "delete", path: "/api/keeper-system/dept/remove", source: "delete", action: 3, sort: 3 },
                    ButtonSeed { code: "dept_view", name: "查看", alias: "view", path: "/system/dept/view", source: "eye", action: 2, sort: 4 },
                ],
            },
            MenuSeed { code: "post", name: "岗位管理", path: "/system/post", source: "idcard", sort: 3,
                children: &[],
                buttons: &[
                    ButtonSeed { code: "post_add", name: "新增", alias: "add", path: "/system/post/add", source: "plus", action: 1, sort: 1 },
                    ButtonSeed { code: "post_edit", name: "修改", alias: "edit", path: "/system/post/edit", source: "form", action: 2, sort: 2 },
                    ButtonSeed { code: "post_delete", name: "删除", alias: "delete", path: "/api/keeper-system/post/remove", source: "delete", action: 3, sort: 3 },
                    ButtonSeed { code: "post_view", name: "查看", alias: "view", path: "/system/post/view", source: "eye", action: 2, sort: 4 },
                ],
            },
            MenuSeed { code: "dict", name: "系统字典", path: "/system/dict", source: "book", sort: 4,
                children: &[],
                buttons: &[
                    ButtonSeed { code: "dict_add", name: "新增", alias: "add", path: "/system/dict/add", source: "plus", action: 1, sort: 1 },
                    ButtonSeed { code: "dict_edit", name: "修改", alias: "edit", path: "/system/dict/edit", source: "form", action: 2, sort: 2 },
                    ButtonSeed { code: "dict_delete", name: "删除", alias: "delete", path: "/api/keeper-system/dict/remove", source: "delete", action: 3, sort: 3 },
                    ButtonSeed { code: "dict_view", name: "查看", alias: "view", path: "/system/dict/view", source: "eye", action: 2, sort: 4 },
                ],
            },
            MenuSeed { code: "dictbiz", name: "业务字典", path: "/system/dictbiz", source: "read", sort: 5,
                children: &[],
                buttons: &[
                    ButtonSeed { code: "dictbiz_add", name: "新增", alias: "add", path: "/system/dictbiz/add", source: "plus", action: 1, sort: 1 },
                    ButtonSeed { code: "dictbiz_edit", name: "修改", alias: "edit", path: "/system/dictbiz/edit", source: "form", action: 2, sort: 2 },
                    ButtonSeed { code: "dictbiz_delete", name: "删除", alias: "delete", path: "/api/keeper-system/dict-biz/remove", source: "delete", action: 3, sort: 3 },
                    ButtonSeed { code: "dictbiz_view", name: "查看", alias: "view", path: "/system/dictbiz/view", source: "eye", action: 2, sort: 4 },
                ],
            },
            MenuSeed { code: "menu", name: "菜单管理", path: "/system/menu", source: "menu", sort: 6,
                children: &[],
                buttons: &[
                    ButtonSeed { code: "menu_add", name: "新增", alias: "add", path: "/system/menu/add", source: "plus", action: 1, sort: 1 },
                    ButtonSeed { code: "menu_edit", name: "修改", alias: "edit", path: "/system/menu/edit", source: "form", action: 2, sort: 2 },
                    ButtonSeed { code: "menu_delete", name: "删除", alias: "delete", path: "/api/keeper-system/menu/remove", source: "delete", action: 3, sort: 3 },
                    ButtonSeed { code: "menu_view", name: "查看", alias: "view", path: "/system/menu/view", source: "eye", action: 2, sort: 4 },
                ],
            },
            MenuSeed { code: "topmenu", name: "顶部菜单", path: "/system/topmenu", source: "layout", sort: 7,
                children: &[],
                buttons: &[
                    ButtonSeed { code: "topmenu_add", name: "新增", alias: "add", path: "/system/topmenu/add", source: "plus", action: 1, sort: 1 },
                    ButtonSeed { code: "topmenu_edit", name: "修改", alias: "edit", path: "/system/topmenu/edit", source: "form", action: 2, sort: 2 },
                    ButtonSeed { code: "topmenu_delete", name: "删除", alias: "delete", path: "/api/keeper-system/topmenu/remove", source: "delete", action: 3, sort: 3 },
                    ButtonSeed { code: "topmenu_view", name: "查看", alias: "view", path: "/system/topmenu/view", source: "eye", action: 2, sort: 4 },
                    ButtonSeed { code: "topmenu_setting", name: "菜单配置", alias: "setting", path: "/api/keeper-system/topmenu/grant", source: "setting", action: 1, sort: 5 },
                ],
            },
            MenuSeed { code: "param", name: "参数管理", path: "/system/param", source: "control", sort: 8,
                children: &[],
                buttons: &[
                    ButtonSeed { code: "param_add", name: "新增", alias: "add", path: "/system/param/add", source: "plus", action: 1, sort: 1 },
                    ButtonSeed { code: "param_edit", name: "修改", alias: "edit", path: "/system/param/edit", source: "form", action: 2, sort: 2 },
                    ButtonSeed { code: "param_delete", name: "删除", alias: "delete", path: "/api/keeper-system/param/remove", source: "delete", action: 3, sort: 3 },
                    ButtonSeed { code: "param_view", name: "查看", alias: "view", path: "/system/param/view", source: "eye", action: 2, sort: 4 },
                ],
            },
            MenuSeed { code: "tenant", name: "租户管理", path: "/system/tenant", source: "cluster", sort: 9,
                children: &[],
                buttons: &[
                    ButtonSeed { code: "tenant_add", name: "新增", alias: "add", path: "/system/tenant/add", source: "plus", action: 1, sort: 1 },
                    ButtonSeed { code: "tenant_edit", name: "修改", alias: "edit", path: "/system/tenant/edit", source: "form", action: 2, sort: 2 },
                    ButtonSeed { code: "tenant_delete", name: "删除", alias: "delete", path: "/api/keeper-system/tenant/remove", source: "delete", action: 3, sort: 3 },
                    ButtonSeed { code: "tenant_view", name: "查看", alias: "view", path: "/system/tenant/view", source: "eye", action: 2, sort: 4 },
                    ButtonSeed { code: "tenant_setting", name: "授权配置", alias: "setting", path: "/api/keeper-system/tenant/setting", source: "setting", action: 1, sort: 5 },
                ],
            },
            MenuSeed { code: "client", name: "应用管理", path: "/system/client", source: "laptop", sort: 10,
                children: &[],
                buttons: &[
                    ButtonSeed { code: "client_add", name: "新增", alias: "add", path: "/system/client/add", source: "plus", action: 1, sort: 1 },
                    ButtonSeed { code: "client_edit", name: "修改", alias: "edit", path: "/system/client/edit", source: "form", action: 2, sort: 2 },
                    ButtonSeed { code: "client_delete", name: "删除", alias: "delete", path: "/api/keeper-system/client/remove", source: "delete", action: 3, sort: 3 },
                    ButtonSeed { code: "client_view", name: "查看", alias: "view", path: "/system/client/view", source: "eye", action: 2, sort: 4 },
                ],
            },
            MenuSeed { code: "enterprise", name: "企业管理", path: "/system/enterprise", source: "bank", sort: 11,
                children: &[],
                buttons: &[
                    ButtonSeed { code: "enterprise_add", name: "新增", alias: "add", path: "/system/enterprise/add", source: "plus", action: 1, sort: 1 },
                    ButtonSeed { code: "enterprise_edit", name: "修改", alias: "edit", path: "/system/enterprise/edit", source: "form", action: 2, sort: 2 },
                    ButtonSeed { code: "enterprise_delete", name: "删除", alias: "delete", path: "/api/enterprise/remove", source: "delete", action: 3, sort: 3 },
                    ButtonSeed { code: "enterprise_view", name: "查看", alias: "view", path: "/system/enterprise/view", source: "eye", action: 2, sort: 4 },
                    ButtonSeed { code: "enterprise_import", name: "导入", alias: "import", path: "/api/enterprise/import", source: "import", action: 1, sort: 5 },
                    ButtonSeed { code: "enterprise_export", name: "导出", alias: "export", path: "/api/enterprise/export", source: "export", action: 1, sort: 6 },
                ],
            },
            MenuSeed { code: "log_login", name: "登录日志", path: "/system/log/login", source: "login", sort: 12,
                children: &[],
                buttons: &[
                    ButtonSeed { code: "log_login_view", name: "查看", alias: "view", path: "/system/log/login/view", source: "eye", action: 2, sort: 1 },
                    ButtonSeed { code: "log_login_export", name: "导出", alias: "export", path: "/api/keeper-log/login/export", source: "export", action: 1, sort: 2 },
                ],
            },
            MenuSeed { code: "log_operation", name: "操作日志", path: "/system/log/operation", source: "profile", sort: 13,
                children: &[],
                buttons: &[
                    ButtonSeed { code: "log_operation_view", name: "查看", alias: "view", path: "/system/log/operation/view", source: "eye", action: 2, sort: 1 },
                    ButtonSeed { code: "log_operation_export", name: "导出", alias: "export", path: "/api/keeper-log/api/export", source: "export", action: 1, sort: 2 },
                ],
            },
            MenuSeed { code: "log_error", name: "错误日志", path: "/system/log/error", source: "bug", sort: 14,
                children: &[],
                buttons: &[
                    ButtonSeed { code: "log_error_view", name: "查看", alias: "view", path: "/system/log/error/view", source: "eye", action: 2, sort: 1 },
                    ButtonSeed { code: "log_error_export", name: "导出", alias: "export", path: "/api/keeper-log/error/export", source: "export", action: 1, sort: 2 },
                ],
            },
            MenuSeed { code: "zone_setting", name: "园区设置", path: "/system/zoneSetting", source: "control", sort: 15,
                children: &[],
                buttons: &[
                    ButtonSeed { code: "zone_setting_view", name: "查看", alias: "view", path: "/system/zoneSetting/view", source: "eye", action: 2, sort: 1 },
                    ButtonSeed { code: "zone_setting_edit", name: "修改", alias: "edit", path: "/system/zoneSetting/edit", source: "form", action: 2, sort: 2 },
                ],
            },
        ],
        buttons: &[],
    },
];

/// Global system dictionaries (`/dict`), api-contract 5.3 adapted to Keeper.
#[rustfmt::skip]
pub static SYSTEM_DICTS: &[DictSeed] = &[
    DictSeed { code: "sex", name: "性别", items: &[
        DictItemSeed { key: "1", value: "男", children: &[] },
        DictItemSeed { key: "2", value: "女", children: &[] },
    ]},
    DictSeed { code: "menu_category", name: "菜单类型", items: &[
        DictItemSeed { key: "1", value: "菜单", children: &[] },
        DictItemSeed { key: "2", value: "按钮", children: &[] },
    ]},
    DictSeed { code: "button_func", name: "按钮功能", items: &[
        DictItemSeed { key: "1", value: "工具栏", children: &[] },
        DictItemSeed { key: "2", value: "操作栏", children: &[] },
        DictItemSeed { key: "3", value: "工具操作栏", children: &[] },
    ]},
    DictSeed { code: "yes_no", name: "是否", items: &[
        DictItemSeed { key: "1", value: "否", children: &[] },
        DictItemSeed { key: "2", value: "是", children: &[] },
    ]},
    DictSeed { code: "org_category", name: "机构类型", items: &[
        DictItemSeed { key: "1", value: "公司", children: &[] },
        DictItemSeed { key: "2", value: "部门", children: &[] },
        DictItemSeed { key: "3", value: "小组", children: &[] },
    ]},
    DictSeed { code: "data_scope_type", name: "数据权限类型", items: &[
        DictItemSeed { key: "1", value: "全部可见", children: &[] },
        DictItemSeed { key: "2", value: "本人可见", children: &[] },
        DictItemSeed { key: "3", value: "所在机构可见", children: &[] },
        DictItemSeed { key: "4", value: "所在机构及子级可见", children: &[] },
        DictItemSeed { key: "5", value: "自定义", children: &[] },
    ]},
    DictSeed { code: "api_scope_type", name: "接口权限类型", items: &[
        DictItemSeed { key: "1", value: "系统接口", children: &[] },
        DictItemSeed { key: "2", value: "业务接口", children: &[] },
    ]},
    DictSeed { code: "scope_category", name: "权限类型", items: &[
        DictItemSeed { key: "1", value: "数据权限", children: &[] },
        DictItemSeed { key: "2", value: "接口权限", children: &[] },
    ]},
    DictSeed { code: "post_category", name: "岗位类型", items: &[
        DictItemSeed { key: "1", value: "高层", children: &[] },
        DictItemSeed { key: "2", value: "中层", children: &[] },
        DictItemSeed { key: "3", value: "基层", children: &[] },
        DictItemSeed { key: "4", value: "其他", children: &[] },
    ]},
    DictSeed { code: "user_type", name: "用户平台", items: &[
        DictItemSeed { key: "1", value: "WEB", children: &[] },
        DictItemSeed { key: "2", value: "APP", children: &[] },
        DictItemSeed { key: "3", value: "OTHER", children: &[] },
    ]},
    DictSeed { code: "dept_power_type", name: "机构职权类型", items: &[
        DictItemSeed { key: "1", value: "管委会(综合统筹)", children: &[] },
        DictItemSeed { key: "2", value: "属地单位(园区/片区/街道/镇)", children: &[] },
        DictItemSeed { key: "3", value: "行业主管部门", children: &[] },
        DictItemSeed { key: "4", value: "协办/要素保障部门", children: &[] },
        DictItemSeed { key: "5", value: "其他(只读)", children: &[] },
    ]},
    DictSeed { code: "oss", name: "对象存储类型", items: &[
        DictItemSeed { key: "1", value: "本地存储", children: &[] },
        DictItemSeed { key: "2", value: "S3兼容(MinIO)", children: &[] },
        DictItemSeed { key: "3", value: "阿里云OSS", children: &[] },
        DictItemSeed { key: "4", value: "腾讯云COS", children: &[] },
        DictItemSeed { key: "5", value: "华为云OBS", children: &[] },
    ]},
    DictSeed { code: "sms", name: "短信服务类型", items: &[
        DictItemSeed { key: "1", value: "云片", children: &[] },
        DictItemSeed { key: "2", value: "七牛云", children: &[] },
        DictItemSeed { key: "3", value: "阿里云", children: &[] },
        DictItemSeed { key: "4", value: "腾讯云", children: &[] },
    ]},
    DictSeed { code: "user_status", name: "用户状态", items: &[
        DictItemSeed { key: "1", value: "正常", children: &[] },
        DictItemSeed { key: "2", value: "停用", children: &[] },
        DictItemSeed { key: "3", value: "待审核", children: &[] },
    ]},
];

/// Per-tenant business dictionaries (`/dict-biz`), copied to each new tenant; domain-model section 5.
/// `industry` is a tree: GB/T 4754-2017 sections, with the divisions under C and D keyed section + division.
#[rustfmt::skip]
pub static BUSINESS_DICTS: &[DictSeed] = &[
    DictSeed { code: "company_type", name: "企业类型", items: &[
        DictItemSeed { key: "110", value: "国有企业", children: &[] },
        DictItemSeed { key: "120", value: "集体企业", children: &[] },
        DictItemSeed { key: "130", value: "股份合作企业", children: &[] },
        DictItemSeed { key: "140", value: "联营企业", children: &[] },
        DictItemSeed { key: "151", value: "国有独资公司", children: &[] },
        DictItemSeed { key: "159", value: "其他有限责任公司", children: &[] },
        DictItemSeed { key: "160", value: "股份有限公司", children: &[] },
        DictItemSeed { key: "171", value: "私营独资企业", children: &[] },
        DictItemSeed { key: "172", value: "私营合伙企业", children: &[] },
        DictItemSeed { key: "173", value: "私营有限责任公司", children: &[] },
        DictItemSeed { key: "174", value: "私营股份有限公司", children: &[] },
        DictItemSeed { key: "190", value: "其他内资企业", children: &[] },
        DictItemSeed { key: "210", value: "与港澳台商合资经营企业", children: &[] },
        DictItemSeed { key: "220", value: "与港澳台商合作经营企业", children: &[] },
        DictItemSeed { key: "230", value: "港澳台商独资经营企业", children: &[] },
        DictItemSeed { key: "240", value: "港澳台商投资股份有限公司", children: &[] },
        DictItemSeed { key: "290", value: "其他港澳台商投资企业", children: &[] },
        DictItemSeed { key: "310", value: "中外合资经营企业", children: &[] },
        DictItemSeed { key: "320", value: "中外合作经营企业", children: &[] },
        DictItemSeed { key: "330", value: "外资企业", children: &[] },
        DictItemSeed { key: "340", value: "外商投资股份有限公司", children: &[] },
        DictItemSeed { key: "390", value: "其他外商投资企业", children: &[] },
    ]},
    DictSeed { code: "project_type", name: "项目类型", items: &[
        DictItemSeed { key: "01", value: "工业项目(新建/扩建)", children: &[] },
        DictItemSeed { key: "02", value: "技术改造项目", children: &[] },
        DictItemSeed { key: "03", value: "现代服务业项目", children: &[] },
        DictItemSeed { key: "04", value: "科技创新平台项目", children: &[] },
        DictItemSeed { key: "05", value: "基础设施项目", children: &[] },
        DictItemSeed { key: "06", value: "社会民生项目", children: &[] },
        DictItemSeed { key: "07", value: "生态环保项目", children: &[] },
        DictItemSeed { key: "08", value: "房地产开发项目", children: &[] },
        DictItemSeed { key: "99", value: "其他", children: &[] },
    ]},
    DictSeed { code: "project_status", name: "项目状态", items: &[
        DictItemSeed { key: "10", value: "储备(谋划)", children: &[] },
        DictItemSeed { key: "20", value: "在谈", children: &[] },
        DictItemSeed { key: "30", value: "已签约", children: &[] },
        DictItemSeed { key: "40", value: "前期手续", children: &[] },
        DictItemSeed { key: "50", value: "在建", children: &[] },
        DictItemSeed { key: "60", value: "竣工", children: &[] },
        DictItemSeed { key: "70", value: "投产", children: &[] },
        DictItemSeed { key: "80", value: "达产", children: &[] },
        DictItemSeed { key: "90", value: "停缓建", children: &[] },
        DictItemSeed { key: "99", value: "终止(退出)", children: &[] },
    ]},
    DictSeed { code: "industry", name: "所属行业", items: &[
        DictItemSeed { key: "A", value: "农、林、牧、渔业", children: &[] },
        DictItemSeed { key: "B", value: "采矿业", children: &[] },
        DictItemSeed { key: "C", value: "制造业", children: &[
            DictItemSeed { key: "C13", value: "农副食品加工业", children: &[] },
            DictItemSeed { key: "C14", value: "食品制造业", children: &[] },
            DictItemSeed { key: "C15", value: "酒、饮料和精制茶制造业", children: &[] },
            DictItemSeed { key: "C16", value: "烟草制品业", children: &[] },
            DictItemSeed { key: "C17", value: "纺织业", children: &[] },
            DictItemSeed { key: "C18", value: "纺织服装、服饰业", children: &[] },
            DictItemSeed { key: "C19", value: "皮革、毛皮、羽毛及其制品和制鞋业", children: &[] },
            DictItemSeed { key: "C20", value: "木材加工和木、竹、藤、棕、草制品业", children: &[] },
            DictItemSeed { key: "C21", value: "家具制造业", children: &[] },
            DictItemSeed { key: "C22", value: "造纸和纸制品业", children: &[] },
            DictItemSeed { key: "C23", value: "印刷和记录媒介复制业", children: &[] },
            DictItemSeed { key: "C24", value: "文教、工美、体育和娱乐用品制造业", children: &[] },
            DictItemSeed { key: "C25", value: "石油、煤炭及其他燃料加工业", children: &[] },
            DictItemSeed { key: "C26", value: "化学原料和化学制品制造业", children: &[] },
            DictItemSeed { key: "C27", value: "医药制造业", children: &[] },
            DictItemSeed { key: "C28", value: "化学纤维制造业", children: &[] },
            DictItemSeed { key: "C29", value: "橡胶和塑料制品业", children: &[] },
            DictItemSeed { key: "C30", value: "非金属矿物制品业", children: &[] },
            DictItemSeed { key: "C31", value: "黑色金属冶炼和压延加工业", children: &[] },
            DictItemSeed { key: "C32", value: "有色金属冶炼和压延加工业", children: &[] },
            DictItemSeed { key: "C33", value: "金属制品业", children: &[] },
            DictItemSeed { key: "C34", value: "通用设备制造业", children: &[] },
            DictItemSeed { key: "C35", value: "专用设备制造业", children: &[] },
            DictItemSeed { key: "C36", value: "汽车制造业", children: &[] },
            DictItemSeed { key: "C37", value: "铁路、船舶、航空航天和其他运输设备制造业", children: &[] },
            DictItemSeed { key: "C38", value: "电气机械和器材制造业", children: &[] },
            DictItemSeed { key: "C39", value: "计算机、通信和其他电子设备制造业", children: &[] },
            DictItemSeed { key: "C40", value: "仪器仪表制造业", children: &[] },
            DictItemSeed { key: "C41", value: "其他制造业", children: &[] },
            DictItemSeed { key: "C42", value: "废弃资源综合利用业", children: &[] },
            DictItemSeed { key: "C43", value: "金属制品、机械和设备修理业", children: &[] },
        ]},
        DictItemSeed { key: "D", value: "电力、热力、燃气及水生产和供应业", children: &[
            DictItemSeed { key: "D44", value: "电力、热力生产和供应业", children: &[] },
            DictItemSeed { key: "D45", value: "燃气生产和供应业", children: &[] },
            DictItemSeed { key: "D46", value: "水的生产和供应业", children: &[] },
        ]},
        DictItemSeed { key: "E", value: "建筑业", children: &[] },
        DictItemSeed { key: "F", value: "批发和零售业", children: &[] },
        DictItemSeed { key: "G", value: "交通运输、仓储和邮政业", children: &[] },
        DictItemSeed { key: "H", value: "住宿和餐饮业", children: &[] },
        DictItemSeed { key: "I", value: "信息传输、软件和信息技术服务业", children: &[] },
        DictItemSeed { key: "J", value: "金融业", children: &[] },
        DictItemSeed { key: "K", value: "房地产业", children: &[] },
        DictItemSeed { key: "L", value: "租赁和商务服务业", children: &[] },
        DictItemSeed { key: "M", value: "科学研究和技术服务业", children: &[] },
        DictItemSeed { key: "N", value: "水利、环境和公共设施管理业", children: &[] },
        DictItemSeed { key: "O", value: "居民服务、修理和其他服务业", children: &[] },
        DictItemSeed { key: "P", value: "教育", children: &[] },
        DictItemSeed { key: "Q", value: "卫生和社会工作", children: &[] },
        DictItemSeed { key: "R", value: "文化、体育和娱乐业", children: &[] },
        DictItemSeed { key: "S", value: "公共管理、社会保障和社会组织", children: &[] },
        DictItemSeed { key: "T", value: "国际组织", children: &[] },
    ]},
    DictSeed { code: "industry_chain", name: "主导产业", items: &[
        DictItemSeed { key: "01", value: "新能源汽车及零部件", children: &[] },
        DictItemSeed { key: "02", value: "电子信息", children: &[] },
        DictItemSeed { key: "03", value: "高端装备制造", children: &[] },
        DictItemSeed { key: "04", value: "新材料", children: &[] },
        DictItemSeed { key: "05", value: "生物医药", children: &[] },
        DictItemSeed { key: "06", value: "绿色食品", children: &[] },
        DictItemSeed { key: "07", value: "新能源(光伏/储能)", children: &[] },
        DictItemSeed { key: "08", value: "现代服务业", children: &[] },
        DictItemSeed { key: "09", value: "其他", children: &[] },
    ]},
    DictSeed { code: "issue_level", name: "问题等级", items: &[
        DictItemSeed { key: "1", value: "上报问题", children: &[] },
        DictItemSeed { key: "2", value: "建议问题", children: &[] },
        DictItemSeed { key: "3", value: "一般问题", children: &[] },
        DictItemSeed { key: "4", value: "重点问题", children: &[] },
    ]},
    DictSeed { code: "issue_status", name: "问题办理状态", items: &[
        DictItemSeed { key: "10", value: "待研判", children: &[] },
        DictItemSeed { key: "20", value: "已交办", children: &[] },
        DictItemSeed { key: "30", value: "办理中", children: &[] },
        DictItemSeed { key: "40", value: "已办结", children: &[] },
        DictItemSeed { key: "50", value: "已销号", children: &[] },
        DictItemSeed { key: "60", value: "已关闭", children: &[] },
    ]},
    DictSeed { code: "report_status", name: "填报状态", items: &[
        DictItemSeed { key: "0", value: "草稿", children: &[] },
        DictItemSeed { key: "1", value: "待审核", children: &[] },
        DictItemSeed { key: "2", value: "已通过", children: &[] },
        DictItemSeed { key: "3", value: "已退回", children: &[] },
    ]},
    DictSeed { code: "stat_category", name: "统计类别", items: &[
        DictItemSeed { key: "1", value: "规上工业", children: &[] },
        DictItemSeed { key: "2", value: "资质建筑业", children: &[] },
        DictItemSeed { key: "3", value: "限上批零", children: &[] },
        DictItemSeed { key: "4", value: "限上住餐", children: &[] },
        DictItemSeed { key: "5", value: "房地产开发", children: &[] },
        DictItemSeed { key: "6", value: "规上服务业", children: &[] },
        DictItemSeed { key: "7", value: "非四上", children: &[] },
    ]},
    DictSeed { code: "enterprise_scale", name: "企业规模", items: &[
        DictItemSeed { key: "1", value: "大型", children: &[] },
        DictItemSeed { key: "2", value: "中型", children: &[] },
        DictItemSeed { key: "3", value: "小型", children: &[] },
        DictItemSeed { key: "4", value: "微型", children: &[] },
    ]},
    DictSeed { code: "enterprise_status", name: "经营状态", items: &[
        DictItemSeed { key: "1", value: "正常生产", children: &[] },
        DictItemSeed { key: "2", value: "半停产", children: &[] },
        DictItemSeed { key: "3", value: "停产", children: &[] },
        DictItemSeed { key: "4", value: "在建未投产", children: &[] },
        DictItemSeed { key: "5", value: "已迁出", children: &[] },
        DictItemSeed { key: "6", value: "已注销", children: &[] },
    ]},
    DictSeed { code: "specialized_level", name: "专精特新等级", items: &[
        DictItemSeed { key: "1", value: "无", children: &[] },
        DictItemSeed { key: "2", value: "创新型中小企业", children: &[] },
        DictItemSeed { key: "3", value: "省级专精特新", children: &[] },
        DictItemSeed { key: "4", value: "国家级小巨人", children: &[] },
    ]},
    DictSeed { code: "project_source", name: "项目来源", items: &[
        DictItemSeed { key: "1", value: "招商引资", children: &[] },
        DictItemSeed { key: "2", value: "本地企业增资扩产", children: &[] },
        DictItemSeed { key: "3", value: "政府投资", children: &[] },
        DictItemSeed { key: "4", value: "其他", children: &[] },
    ]},
    DictSeed { code: "construction_nature", name: "建设性质", items: &[
        DictItemSeed { key: "1", value: "新建", children: &[] },
        DictItemSeed { key: "2", value: "扩建", children: &[] },
        DictItemSeed { key: "3", value: "改建和技术改造", children: &[] },
        DictItemSeed { key: "4", value: "迁建", children: &[] },
        DictItemSeed { key: "5", value: "恢复", children: &[] },
        DictItemSeed { key: "6", value: "单纯购置", children: &[] },
    ]},
    DictSeed { code: "project_level", name: "项目级别", items: &[
        DictItemSeed { key: "1", value: "国家重点", children: &[] },
        DictItemSeed { key: "2", value: "省重点", children: &[] },
        DictItemSeed { key: "3", value: "市重点", children: &[] },
        DictItemSeed { key: "4", value: "区重点", children: &[] },
        DictItemSeed { key: "5", value: "一般", children: &[] },
    ]},
    DictSeed { code: "project_stage", name: "项目节点", items: &[
        DictItemSeed { key: "1", value: "签约", children: &[] },
        DictItemSeed { key: "2", value: "注册公司", children: &[] },
        DictItemSeed { key: "3", value: "立项/备案", children: &[] },
        DictItemSeed { key: "4", value: "土地摘牌(供地)", children: &[] },
        DictItemSeed { key: "5", value: "规划许可", children: &[] },
        DictItemSeed { key: "6", value: "环评/能评", children: &[] },
        DictItemSeed { key: "7", value: "施工许可", children: &[] },
        DictItemSeed { key: "8", value: "开工(打桩/基础)", children: &[] },
        DictItemSeed { key: "9", value: "主体施工", children: &[] },
        DictItemSeed { key: "10", value: "主体封顶", children: &[] },
        DictItemSeed { key: "11", value: "装修/设备安装调试", children: &[] },
        DictItemSeed { key: "12", value: "竣工验收", children: &[] },
        DictItemSeed { key: "13", value: "试生产", children: &[] },
        DictItemSeed { key: "14", value: "正式投产", children: &[] },
        DictItemSeed { key: "15", value: "达产", children: &[] },
        DictItemSeed { key: "16", value: "入规(上规)", children: &[] },
    ]},
    DictSeed { code: "issue_type", name: "问题类别", items: &[
        DictItemSeed { key: "1", value: "用地/征拆", children: &[] },
        DictItemSeed { key: "2", value: "规划/审批手续", children: &[] },
        DictItemSeed { key: "3", value: "资金/融资", children: &[] },
        DictItemSeed { key: "4", value: "水电气路等要素", children: &[] },
        DictItemSeed { key: "5", value: "施工/用工", children: &[] },
        DictItemSeed { key: "6", value: "环评能评", children: &[] },
        DictItemSeed { key: "7", value: "政策兑现", children: &[] },
        DictItemSeed { key: "8", value: "企业自身", children: &[] },
        DictItemSeed { key: "9", value: "其他", children: &[] },
    ]},
    DictSeed { code: "investor_origin", name: "投资方来源地", items: &[
        DictItemSeed { key: "1", value: "本地", children: &[] },
        DictItemSeed { key: "2", value: "市外省内", children: &[] },
        DictItemSeed { key: "3", value: "省外", children: &[] },
        DictItemSeed { key: "4", value: "境外(含港澳台)", children: &[] },
    ]},
    DictSeed { code: "renovation_type", name: "改造类型", items: &[
        DictItemSeed { key: "1", value: "智能化改造", children: &[] },
        DictItemSeed { key: "2", value: "数字化转型", children: &[] },
        DictItemSeed { key: "3", value: "绿色化(节能降碳)改造", children: &[] },
        DictItemSeed { key: "4", value: "设备更新", children: &[] },
        DictItemSeed { key: "5", value: "扩能增效", children: &[] },
        DictItemSeed { key: "6", value: "产品升级", children: &[] },
        DictItemSeed { key: "7", value: "安全改造", children: &[] },
        DictItemSeed { key: "8", value: "其他", children: &[] },
    ]},
    // What a file linked to a project or a monthly report is (domain-model §2.2.1, §2.2.2: the start
    // evidence the statistics bureaus ask for).
    DictSeed { code: "attachment_category", name: "附件类别", items: &[
        DictItemSeed { key: "1", value: "审批备案文件", children: &[] },
        DictItemSeed { key: "2", value: "施工合同", children: &[] },
        DictItemSeed { key: "3", value: "现场照片", children: &[] },
        DictItemSeed { key: "4", value: "营业执照", children: &[] },
        DictItemSeed { key: "5", value: "其他", children: &[] },
    ]},
    DictSeed { code: "target_indicator", name: "目标指标", items: &[
        DictItemSeed { key: "1", value: "固定资产投资(万元)", children: &[] },
        DictItemSeed { key: "2", value: "工业投资(万元)", children: &[] },
        DictItemSeed { key: "3", value: "技改投资(万元)", children: &[] },
        DictItemSeed { key: "4", value: "项目完成投资(万元)", children: &[] },
        DictItemSeed { key: "5", value: "新开工项目数(个)", children: &[] },
        DictItemSeed { key: "6", value: "竣工投产项目数(个)", children: &[] },
        DictItemSeed { key: "7", value: "亿元以上新开工项目数(个)", children: &[] },
        DictItemSeed { key: "8", value: "招商签约项目数(个)", children: &[] },
        DictItemSeed { key: "9", value: "招商签约额(万元)", children: &[] },
        DictItemSeed { key: "10", value: "省外到位资金(万元)", children: &[] },
        DictItemSeed { key: "11", value: "实际使用外资(万美元)", children: &[] },
        DictItemSeed { key: "12", value: "规上工业总产值(万元)", children: &[] },
        DictItemSeed { key: "13", value: "规上工业增加值增速(%)", children: &[] },
        DictItemSeed { key: "14", value: "新增规上企业数(个)", children: &[] },
    ]},
    DictSeed { code: "split_mode", name: "分解方式", items: &[
        DictItemSeed { key: "1", value: "平均", children: &[] },
        DictItemSeed { key: "2", value: "按上年同期结构", children: &[] },
        DictItemSeed { key: "3", value: "按季度节点", children: &[] },
        DictItemSeed { key: "4", value: "手工", children: &[] },
    ]},
    DictSeed { code: "data_source", name: "数据口径", items: &[
        DictItemSeed { key: "1", value: "企业汇总", children: &[] },
        DictItemSeed { key: "2", value: "统计快报", children: &[] },
        DictItemSeed { key: "3", value: "统计正式", children: &[] },
    ]},
    // What kind of notice a notice is (issue 18).
    DictSeed { code: "notice_category", name: "通知类别", items: &[
        DictItemSeed { key: "1", value: "通知", children: &[] },
        DictItemSeed { key: "2", value: "公告", children: &[] },
        DictItemSeed { key: "3", value: "会议通知", children: &[] },
        DictItemSeed { key: "4", value: "工作提醒", children: &[] },
        DictItemSeed { key: "5", value: "政策文件", children: &[] },
    ]},
    DictSeed { code: "survey_round", name: "摸底批次", items: &[
        DictItemSeed { key: "1", value: "年初", children: &[] },
        DictItemSeed { key: "2", value: "年中", children: &[] },
        DictItemSeed { key: "3", value: "其他", children: &[] },
    ]},
];

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    fn all_menus() -> Vec<(&'static MenuSeed, Option<&'static MenuSeed>)> {
        fn walk(
            menus: &'static [MenuSeed],
            parent: Option<&'static MenuSeed>,
            out: &mut Vec<(&'static MenuSeed, Option<&'static MenuSeed>)>,
        ) {
            for menu in menus {
                out.push((menu, parent));
                walk(menu.children, Some(menu), out);
            }
        }
        let mut out = Vec::new();
        walk(MENUS, None, &mut out);
        out
    }

    fn all_keys(items: &'static [DictItemSeed], out: &mut Vec<&'static str>) {
        for item in items {
            out.push(item.key);
            all_keys(item.children, out);
        }
    }

    fn all_dicts() -> impl Iterator<Item = &'static DictSeed> {
        SYSTEM_DICTS.iter().chain(BUSINESS_DICTS)
    }

    #[test]
    fn every_menu_and_button_code_is_unique() {
        let mut seen = HashSet::new();
        for (menu, _) in all_menus() {
            assert!(seen.insert(menu.code), "duplicate code {}", menu.code);
            for button in menu.buttons {
                assert!(seen.insert(button.code), "duplicate code {}", button.code);
            }
        }
    }

    #[test]
    fn every_button_code_is_its_menu_code_and_alias() {
        for (menu, _) in all_menus() {
            for button in menu.buttons {
                assert!(button.code.starts_with(&format!("{}_", menu.code)), "{} is not under {}", button.code, menu.code);
                assert_eq!(button.code, format!("{}_{}", menu.code, button.alias.replace('-', "_")));
            }
        }
    }

    #[test]
    fn every_child_path_lies_under_its_parent_path() {
        for (menu, parent) in all_menus() {
            match parent {
                Some(parent) => assert!(menu.path.starts_with(&format!("{}/", parent.path)), "{} is not under {}", menu.path, parent.path),
                None => assert!(menu.path.starts_with('/') && menu.path[1..].find('/').is_none()),
            }
        }
    }

    #[test]
    fn only_leaf_screens_carry_buttons_and_every_leaf_has_some() {
        for (menu, _) in all_menus() {
            assert_eq!(menu.children.is_empty(), !menu.buttons.is_empty(), "menu {}", menu.code);
        }
    }

    #[test]
    fn button_paths_are_front_end_routes_or_api_paths() {
        for (menu, _) in all_menus() {
            for button in menu.buttons {
                match button.alias {
                    "add" | "edit" | "view" | "platform" => {
                        assert_eq!(button.path, format!("{}/{}", menu.path, button.alias))
                    }
                    "delete" => assert!(button.path.starts_with("/api/") && button.path.ends_with("/remove"), "{}", button.code),
                    _ => assert!(button.path.starts_with("/api/"), "{}", button.code),
                }
                assert!((1..=3).contains(&button.action), "{}", button.code);
            }
        }
    }

    #[test]
    fn sibling_sort_values_are_increasing() {
        let check = |menus: &[MenuSeed]| {
            assert!(menus.windows(2).all(|w| w[0].sort < w[1].sort));
        };
        check(MENUS);
        for (menu, _) in all_menus() {
            check(menu.children);
            assert!(menu.buttons.windows(2).all(|w| w[0].sort < w[1].sort));
        }
    }

    #[test]
    fn every_spec_screen_route_is_a_menu_path() {
        let paths: HashSet<_> = all_menus().iter().map(|(menu, _)| menu.path).collect();
        for route in [
            "/outputValue/annualOutputBreakdown",
            "/outputValue/parkMonthlyOutputValue",
            "/outputValue/explorationAndDecomposition",
            "/outputValue/report",
            "/outputValue/statistics",
            "/investment/projectManagement/projectWarehousing",
            "/investment/projectManagement/technicalRenovation",
            "/investment/trackProject",
            "/investment/inLibraryProject/targetTask",
            "/investment/inLibraryProject/investmentForecasting",
            "/investment/inLibraryProject/report",
            "/investment/inLibraryProject/statistics",
            "/investment/finishProject",
            "/authority/role",
            "/authority/datascope",
            "/authority/apiscope",
            "/system/enterprise",
            "/system/user",
            "/system/post",
            "/system/dept",
            "/system/menu",
            "/system/topmenu",
            "/system/param",
            "/system/tenant",
            "/system/client",
            "/system/dict",
            "/system/dictbiz",
            "/resource/oss",
            "/resource/sms",
            "/resource/attach",
        ] {
            assert!(paths.contains(route), "no menu for {route}");
        }
    }

    #[test]
    fn dictionary_codes_are_unique() {
        let mut seen = HashSet::new();
        for dict in all_dicts() {
            assert!(seen.insert(dict.code), "duplicate dictionary {}", dict.code);
        }
    }

    #[test]
    fn keys_are_unique_within_a_dictionary_including_tree_children() {
        for dict in all_dicts() {
            let mut keys = Vec::new();
            all_keys(dict.items, &mut keys);
            assert!(!keys.is_empty(), "{} is empty", dict.code);
            let unique: HashSet<_> = keys.iter().collect();
            assert_eq!(unique.len(), keys.len(), "duplicate key in {}", dict.code);
            assert!(!keys.contains(&"-1"), "{} uses the reserved top-row key", dict.code);
        }
    }

    #[test]
    fn the_start_up_dictionaries_are_business_dictionaries() {
        for code in ["company_type", "project_type", "project_status", "industry"] {
            assert!(BUSINESS_DICTS.iter().any(|dict| dict.code == code), "missing {code}");
        }
    }

    #[test]
    fn industry_divisions_sit_under_their_section() {
        let industry = BUSINESS_DICTS.iter().find(|d| d.code == "industry").unwrap();
        assert_eq!(industry.items.len(), 20);
        for section in industry.items {
            for division in section.children {
                assert!(division.key.starts_with(section.key));
                assert!(division.children.is_empty());
            }
        }
        let count = |key: &str| industry.items.iter().find(|s| s.key == key).unwrap().children.len();
        assert_eq!((count("C"), count("D")), (31, 3));
    }
}

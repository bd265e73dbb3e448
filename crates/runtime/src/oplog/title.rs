//! The business title of an operation, read from its path: the resource (first segment, or the first two
//! for the logs) and the action (last segment), e.g. `/user/submit` → `用户 保存`. Paths outside the
//! tables keep their path as title, so nothing is ever mislabelled.

/// Resource segments of the services' routes and their names on the screens.
const RESOURCES: &[(&str, &str)] = &[
    ("log/login", "登录日志"),
    ("log/api", "操作日志"),
    ("log/error", "错误日志"),
    ("user", "用户"),
    ("dept", "部门"),
    ("post", "岗位"),
    ("role", "角色"),
    ("menu", "菜单"),
    ("topmenu", "顶部菜单"),
    ("dict", "系统字典"),
    ("dict-biz", "业务字典"),
    ("param", "参数"),
    ("client", "应用"),
    ("tenant", "租户"),
    ("data-scope", "数据权限"),
    ("api-scope", "接口权限"),
    ("oauth", "认证"),
    ("enterprise", "企业"),
    ("parkCompany", "企业"),
    ("project", "项目"),
    ("target", "目标"),
    ("outputValue", "产值"),
    ("notice", "通知公告"),
    ("oss", "对象存储"),
    ("sms", "短信"),
    ("attach", "附件"),
    ("region", "行政区划"),
];

/// Actions by the start of the last segment, most specific first (`export-template` before `export`).
const ACTIONS: &[(&str, &str)] = &[
    ("export-template", "导出模板"),
    ("export", "导出"),
    ("import", "导入"),
    ("download", "下载"),
    ("upload", "上传"),
    ("put-file", "上传"),
    ("submit", "保存"),
    ("save", "保存"),
    ("update-password", "修改密码"),
    ("update-info", "修改资料"),
    ("update", "修改"),
    ("remove", "删除"),
    ("delete", "删除"),
    ("enable", "启用/停用"),
    ("grant", "授权"),
    ("reset-password", "重置密码"),
    ("unlock", "解锁"),
    ("audit", "审核"),
    ("register", "注册"),
    ("setting", "设置"),
    ("logout", "退出登录"),
    ("send", "发送"),
    ("validate", "校验"),
    ("test", "测试连接"),
    ("copy-file", "复制"),
];

fn lookup<'a>(table: &'a [(&str, &str)], key: &str) -> Option<&'a str> {
    table.iter().find(|(k, _)| *k == key).map(|(_, name)| *name)
}

/// `用户 保存` for `/user/submit`; the path itself when the resource or the action is not known.
pub fn of(path: &str) -> String {
    let segments: Vec<&str> = path.split('/').filter(|s| !s.is_empty()).collect();
    let (Some(first), Some(last)) = (segments.first(), segments.last()) else { return path.to_string() };
    if segments.len() < 2 {
        return path.to_string();
    }
    let resource = (segments.len() > 2).then(|| lookup(RESOURCES, &segments[..2].join("/"))).flatten().or_else(|| lookup(RESOURCES, first));
    let action = ACTIONS.iter().find(|(prefix, _)| last.starts_with(prefix)).map(|(_, name)| *name);
    match (resource, action) {
        (Some(r), Some(a)) => format!("{r} {a}"),
        _ => path.to_string(),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn titles_name_the_resource_and_the_action() {
        for (path, title) in [
            ("/user/submit", "用户 保存"),
            ("/user/export-user", "用户 导出"),
            ("/user/export-template", "用户 导出模板"),
            ("/user/import-user", "用户 导入"),
            ("/user/reset-password", "用户 重置密码"),
            ("/dict-biz/remove", "业务字典 删除"),
            ("/role/grant", "角色 授权"),
            ("/enterprise/export", "企业 导出"),
            ("/oss/endpoint/put-file", "对象存储 上传"),
            ("/attach/download", "附件 下载"),
            ("/log/api/export", "操作日志 导出"),
            ("/oauth/logout", "认证 退出登录"),
        ] {
            assert_eq!(super::of(path), title, "{path}");
        }
    }

    #[test]
    fn unknown_paths_are_their_own_title() {
        for path in ["/user/whatever", "/spaceship/submit", "/submit", "/"] {
            assert_eq!(super::of(path), path);
        }
    }
}

//! Tenants, users, roles and grants, departments, posts, menus, top menus, dictionaries, parameters,
//! OAuth clients, data and API scopes, and the login log (api-contract §5.2).
use keeper_db::columns::*;
use sea_orm_migration::prelude::*;

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m20261122_000001_core"
    }
}

fn table(name: &'static str) -> TableCreateStatement {
    Table::create().table(name).col(id()).to_owned()
}

async fn index(m: &SchemaManager<'_>, table: &'static str, name: &str, cols: &[&'static str], unique: bool) -> Result<(), DbErr> {
    let mut i = Index::create().name(name).table(table).to_owned();
    for c in cols {
        i.col(*c);
    }
    if unique {
        i.unique();
    }
    m.create_index(i).await
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        let mut t = table("sys_tenant");
        t.col(text("tenant_id", 12))
            .col(text("tenant_name", 50))
            .col(text("domain", 255))
            .col(text("background_url", 1000))
            .col(text("linkman", 20))
            .col(text("contact_number", 20))
            .col(text("address", 255))
            .col(int("account_number", -1))
            .col(time_null("expire_time"))
            .col(big_null("package_id"));
        base(&mut t, false);
        m.create_table(t).await?;
        index(m, "sys_tenant", "uk_sys_tenant_code", &["tenant_id"], true).await?;

        let mut t = table("sys_user");
        t.col(text("code", 12))
            .col(int("user_type", 1))
            .col(text("account", 45))
            .col(text("password", 100))
            .col(text("name", 20))
            .col(text("real_name", 20))
            .col(text("avatar", 500))
            .col(text("email", 45))
            .col(text("phone", 45))
            .col(time_null("birthday"))
            .col(int("sex", 0))
            .col(text("role_id", 1000))
            .col(text("dept_id", 1000))
            .col(text("post_id", 1000));
        base(&mut t, true);
        m.create_table(t).await?;
        // A deleted account keeps its row; uniqueness of live accounts is checked in the service.
        index(m, "sys_user", "idx_sys_user_account", &["tenant_id", "account"], false).await?;

        let mut t = table("sys_role");
        t.col(text("tenant_id", 12))
            .col(big("parent_id"))
            .col(text("role_name", 255))
            .col(int("sort", 0))
            .col(text("role_alias", 255))
            .col(int("is_deleted", 0));
        m.create_table(t).await?;
        index(m, "sys_role", "idx_sys_role_tenant", &["tenant_id"], false).await?;

        let mut t = table("sys_role_menu");
        t.col(big("menu_id")).col(big("role_id"));
        m.create_table(t).await?;
        index(m, "sys_role_menu", "uk_sys_role_menu", &["role_id", "menu_id"], true).await?;

        let mut t = table("sys_role_scope");
        t.col(int("scope_category", 1)).col(big("scope_id")).col(big("role_id"));
        m.create_table(t).await?;
        index(m, "sys_role_scope", "uk_sys_role_scope", &["role_id", "scope_category", "scope_id"], true).await?;

        let mut t = table("sys_dept");
        t.col(text("tenant_id", 12))
            .col(big("parent_id"))
            .col(text("ancestors", 2000))
            .col(int("dept_category", 1))
            .col(int("power_type", 1))
            .col(text("dept_name", 45))
            .col(text("full_name", 100))
            .col(int("sort", 0))
            .col(text("remark", 255))
            .col(int("is_deleted", 0));
        m.create_table(t).await?;
        index(m, "sys_dept", "idx_sys_dept_tenant", &["tenant_id"], false).await?;

        let mut t = table("sys_post");
        t.col(int("category", 1)).col(text("post_code", 12)).col(text("post_name", 64)).col(int("sort", 0)).col(text("remark", 255));
        base(&mut t, true);
        m.create_table(t).await?;

        let mut t = table("sys_menu");
        t.col(big("parent_id"))
            .col(text("code", 255))
            .col(text("name", 255))
            .col(text("alias", 255))
            .col(text("path", 255))
            .col(text("source", 255))
            .col(int("sort", 0))
            .col(int("category", 1))
            .col(int("action", 0))
            .col(int("is_open", 1))
            .col(text("remark", 255))
            .col(int("is_deleted", 0));
        m.create_table(t).await?;
        index(m, "sys_menu", "idx_sys_menu_code", &["code"], false).await?;

        let mut t = table("sys_top_menu");
        t.col(text("code", 64)).col(text("name", 64)).col(text("source", 255)).col(text("path", 255)).col(int("sort", 0));
        base(&mut t, true);
        m.create_table(t).await?;

        let mut t = table("sys_top_menu_setting");
        t.col(big("top_menu_id")).col(big("menu_id"));
        m.create_table(t).await?;
        index(m, "sys_top_menu_setting", "uk_sys_top_menu_setting", &["top_menu_id", "menu_id"], true).await?;

        for (name, tenant) in [("sys_dict", false), ("sys_dict_biz", true)] {
            let mut t = table(name);
            if tenant {
                t.col(text("tenant_id", 12));
            }
            t.col(big("parent_id"))
                .col(text("code", 255))
                .col(text("dict_key", 255))
                .col(text("dict_value", 255))
                .col(int("sort", 0))
                .col(text("remark", 255))
                .col(int("is_sealed", 0))
                .col(int("is_deleted", 0));
            m.create_table(t).await?;
        }
        index(m, "sys_dict", "idx_sys_dict_code", &["code"], false).await?;
        index(m, "sys_dict_biz", "idx_sys_dict_biz_code", &["tenant_id", "code"], false).await?;

        let mut t = table("sys_param");
        t.col(text("param_name", 255)).col(text("param_key", 255)).col(text("param_value", 255)).col(text("remark", 255));
        base(&mut t, false);
        m.create_table(t).await?;
        index(m, "sys_param", "idx_sys_param_key", &["param_key"], false).await?;

        let mut t = table("sys_client");
        t.col(text("client_id", 48))
            .col(text("client_secret", 256))
            .col(text("resource_ids", 256))
            .col(text("scope", 256))
            .col(text("authorized_grant_types", 256))
            .col(text("web_server_redirect_uri", 256))
            .col(text("authorities", 256))
            .col(int("access_token_validity", 3600))
            .col(int("refresh_token_validity", 604800))
            .col(text("additional_information", 2000))
            .col(text("autoapprove", 256));
        base(&mut t, false);
        m.create_table(t).await?;
        index(m, "sys_client", "idx_sys_client_id", &["client_id"], false).await?;

        let mut t = table("sys_scope_data");
        t.col(big("menu_id"))
            .col(text("resource_code", 255))
            .col(text("scope_name", 255))
            .col(text("scope_field", 255))
            .col(text("scope_class", 500))
            .col(text("scope_column", 255))
            .col(int("scope_type", 1))
            .col(text("scope_value", 2000))
            .col(text("remark", 255));
        base(&mut t, false);
        m.create_table(t).await?;

        let mut t = table("sys_scope_api");
        t.col(big("menu_id"))
            .col(text("resource_code", 255))
            .col(text("scope_name", 255))
            .col(text("scope_path", 255))
            .col(int("scope_type", 1))
            .col(text("remark", 255));
        base(&mut t, false);
        m.create_table(t).await?;

        let mut t = table("sys_login_log");
        t.col(text("tenant_id", 12))
            .col(text("account", 45))
            .col(big_null("user_id"))
            .col(int("success", 0))
            .col(text("message", 255))
            .col(text("grant_type", 32))
            .col(text("client_id", 48))
            .col(text("ip", 64))
            .col(text("user_agent", 500))
            .col(time("create_time"));
        m.create_table(t).await?;
        index(m, "sys_login_log", "idx_sys_login_log_time", &["tenant_id", "create_time"], false).await?;
        Ok(())
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        for t in [
            "sys_login_log",
            "sys_scope_api",
            "sys_scope_data",
            "sys_client",
            "sys_param",
            "sys_dict_biz",
            "sys_dict",
            "sys_top_menu_setting",
            "sys_top_menu",
            "sys_menu",
            "sys_post",
            "sys_dept",
            "sys_role_scope",
            "sys_role_menu",
            "sys_role",
            "sys_user",
            "sys_tenant",
        ] {
            m.drop_table(Table::drop().table(t).to_owned()).await?;
        }
        Ok(())
    }
}

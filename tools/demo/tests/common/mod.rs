//! What the generator's tests share: the demo zone written into in-memory SQLite databases with the
//! services' migrations and the platform's seed, as `make demo` writes it.
// Each test binary compiles this module and uses a part of it; what one leaves unused another needs.
#![allow(dead_code)]
use std::collections::{BTreeMap, HashMap};

use keeper_business::entity::project;
use keeper_business::reference::Reference;
use keeper_common::config::Settings;
use keeper_demo::Scale;
use keeper_demo::business::{self, Counts};
use keeper_demo::clock::Clock;
use keeper_demo::system;
use keeper_demo::zone::Zone;
use keeper_system::entity::param;
use sea_orm::ActiveValue::Set;
use sea_orm::{ColumnTrait, DatabaseConnection, EntityTrait, QueryFilter};

pub struct Loaded {
    pub biz: DatabaseConnection,
    pub zone: Zone,
    pub tenant: String,
    pub reference: Reference,
    pub clock: Clock,
    pub counts: Counts,
}

/// The demo zone as of the first day of this month.
pub async fn load() -> Loaded {
    load_as_of(Clock::this_month()).await
}

/// The demo zone as of `as_of`.
pub async fn load_as_of(as_of: chrono::NaiveDate) -> Loaded {
    load_scaled(as_of, Scale::default()).await
}

/// A zone of another size (a benchmark's), as of `as_of`.
pub async fn load_scaled(as_of: chrono::NaiveDate, scale: Scale) -> Loaded {
    load_with(as_of, scale, &[]).await
}

/// A zone whose tenant has set the given parameters (`business.*`) before the zone's data is generated.
pub async fn load_with(as_of: chrono::NaiveDate, scale: Scale, params: &[(&str, &str)]) -> Loaded {
    let env = BTreeMap::from([("KEEPER_BCRYPT_COST".to_string(), "4".to_string())]);
    let settings = Settings::from_parts(None, env).unwrap();
    let sys = keeper_db::test_db::<keeper_system::migration::Migrator>().await;
    keeper_system::seed::run(&sys, &settings).await.unwrap();
    let biz = keeper_db::test_db::<keeper_business::migration::Migrator>().await;
    let clock = scale.clock(as_of);
    let zone = system::write(&sys, scale.zone(0).unwrap(), "not-a-hash").await.unwrap();
    let tenant = zone.tenant().to_string();
    for (key, value) in params {
        let now = chrono::Utc::now();
        param::Entity::insert(param::ActiveModel {
            id: Set(keeper_common::id::next_id()),
            tenant_id: Set(tenant.clone()),
            param_name: Set((*key).into()),
            param_key: Set((*key).into()),
            param_value: Set((*value).into()),
            remark: Set(String::new()),
            create_user: Set(None),
            create_dept: Set(None),
            create_time: Set(now),
            update_user: Set(None),
            update_time: Set(now),
            status: Set(1),
            is_deleted: Set(0),
        })
        .exec(&sys)
        .await
        .unwrap();
    }
    let reference = system::reference(&sys, &tenant).await.unwrap();
    let counts = business::write(&biz, &zone, &reference, &clock).await.unwrap();
    Loaded { biz, zone, tenant, reference, clock, counts }
}

/// The tenant's projects by id.
pub async fn projects(biz: &DatabaseConnection, tenant: &str) -> HashMap<i64, project::Model> {
    project::Entity::find().filter(project::Column::TenantId.eq(tenant)).all(biz).await.unwrap().into_iter().map(|p| (p.id, p)).collect()
}

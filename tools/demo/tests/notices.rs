//! The demo zone's notices (issue 18): a draft, a withdrawn one and five published over the last three
//! weeks; every read receipt is of a notice that was published to its reader, never of the draft, at most
//! one per reader; the first park's training notice was read only inside that park; what the header's bell
//! counts for a reader is what they were sent and have not opened.
mod common;

use std::collections::{HashMap, HashSet};

use keeper_business::entity::{notice, notice_read};
use keeper_business::notice::NoticeStatus;
use keeper_business::notice::repo::{self, Reader};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};

#[tokio::test]
async fn each_receipt_is_of_a_notice_sent_to_its_reader_and_the_bell_counts_the_rest() {
    let common::Loaded { biz, tenant, counts, zone, .. } = common::load().await;
    let notices: HashMap<i64, notice::Model> = notice::Entity::find()
        .filter(notice::Column::TenantId.eq(&tenant))
        .all(&biz)
        .await
        .unwrap()
        .into_iter()
        .map(|n| (n.id, n))
        .collect();
    let reads = notice_read::Entity::find().filter(notice_read::Column::TenantId.eq(&tenant)).all(&biz).await.unwrap();
    assert_eq!((notices.len(), reads.len()), (counts.notices, counts.notice_reads));
    let status = |n: &notice::Model| NoticeStatus::from_code("noticeStatus", n.notice_status).unwrap();
    let of = |s: NoticeStatus| notices.values().filter(|n| status(n) == s).count();
    assert_eq!((of(NoticeStatus::Draft), of(NoticeStatus::Withdrawn), of(NoticeStatus::Published)), (1, 1, 5));
    assert_eq!(counts.published_notices, 5);
    assert!(notices.values().all(|n| (status(n) == NoticeStatus::Draft) == n.release_time.is_none()));
    assert!(counts.notice_reads > 20, "people have read the older notices: {}", counts.notice_reads);

    // Each account as a reader: its departments with those above (the audience rule of the service).
    let readers: HashMap<i64, Reader> = zone
        .accounts
        .iter()
        .map(|a| {
            let mut depts = HashSet::new();
            let mut at = Some(a.dept);
            while let Some(d) = at {
                depts.insert(zone.dept_id(d));
                at = zone.dept(d).parent;
            }
            (a.id, Reader { user_id: a.id, depts, roles: Vec::new() })
        })
        .collect();
    let mut seen = HashSet::new();
    for r in &reads {
        let n = &notices[&r.notice_id];
        assert_ne!(status(n), NoticeStatus::Draft, "a draft reaches no one");
        assert!(readers[&r.user_id].addressed_by(n), "{} read {}", r.user_name, n.title);
        assert!(r.read_time > n.release_time.unwrap(), "read after publication: {}", n.title);
        assert!(seen.insert((r.notice_id, r.user_id)), "one receipt per reader");
    }
    let training = notices.values().find(|n| n.title.contains("培训")).unwrap();
    assert!(training.audience_all == 0 && !training.dept_ids.is_empty());

    // The bell of every account, through the service's own query.
    for (id, reader) in &readers {
        let sent: HashSet<i64> =
            notices.values().filter(|n| status(n) == NoticeStatus::Published && reader.addressed_by(n)).map(|n| n.id).collect();
        let read: HashSet<i64> = reads.iter().filter(|r| r.user_id == *id).map(|r| r.notice_id).collect();
        let (count, newest) = repo::unread(&biz, &tenant, reader, 5).await.unwrap();
        assert_eq!(count as usize, sent.difference(&read).count(), "account {id}");
        assert!(newest.iter().all(|n| sent.contains(&n.id) && !read.contains(&n.id)));
    }
}

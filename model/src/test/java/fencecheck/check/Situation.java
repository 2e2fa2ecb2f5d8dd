package fencecheck.check;

/** What a walk under some setting reached: each has its coverage floor in the property. */
enum Situation {
    RELEASE("release"),
    RENEW("renew"),
    TAKEOVER("takeover"),
    REGRANT("re-grant"),
    STALE_WRITE_REFUSED("stale write refused"),
    INCLUSIVE_BUSY_AT_END("INCLUSIVE: acquire at a lease's exact end is Busy"),
    EXCLUSIVE_GRANT_AT_END("EXCLUSIVE: acquire at a lease's exact end is granted"),
    NO_REGRANT_BUSY("regrant off: the holder itself gets Busy"),
    MICROSECONDS_END_OFF_THE_MILLISECOND("MICROSECONDS: an end between two milliseconds"),
    MILLISECONDS_END_ROUNDED("MILLISECONDS: an end rounded"),
    EXPIRE_BEFORE_NOW_RELEASE_OF_A_HELD_LEASE("EXPIRE_BEFORE_NOW: a held lease released"),
    EXPIRE_AT_NOW_HELD_AFTER_RELEASE("EXPIRE_AT_NOW: a lease still held after its release"),
    KEEP_RELEASED_BEFORE_ITS_END("KEEP_TOKEN_MARK_RELEASED: a lease released before its end"),
    OWNER_AND_TOKEN_WRONG_TOKEN_REFUSED("OWNER_AND_TOKEN: the owner refused for a wrong token"),
    OWNER_ONLY_WRONG_TOKEN_ACCEPTED("OWNER_ONLY: the owner accepted with a wrong token"),
    CONSECUTIVE_GAP_REFUSED("CONSECUTIVE_PER_KEY: a granted token with a gap refused"),
    INCREASING_GAP_ACCEPTED("INCREASING: a granted token with a gap accepted"),
    INCREASING_STALE_REFUSED("INCREASING: a granted token not above the latest refused"),
    EXACT_ROWS_DIFFER("EXACT: rows with another end disagree"),
    VALIDITY_ROWS_AGREE("VALIDITY_AND_ANSWERS: rows with another end but the same validity agree");

    final String label;

    Situation(String label) {
        this.label = label;
    }
}

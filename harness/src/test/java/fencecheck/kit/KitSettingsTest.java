package fencecheck.kit;

import fencecheck.protocol.pack.PackException;
import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** A pack's kit keys: a trigger on changed-or-ended columns, and the one-line refusal of a value that is none. */
class KitSettingsTest {

    private static Map<String, String> springLike() {
        Map<String, String> settings = new HashMap<>(Map.of("sinks", "kit", "fence", "trigger", "lock.table", "int_lock",
                "lock.name", "lock_key", "lock.owner", "client_id", "lock.until", "expired_after"));
        settings.put("lock.newLease", "client_id");
        settings.put("lock.newLeaseWhen", "changed-or-ended");
        return settings;
    }

    @Test
    void aTriggerOnChangedOrEndedColumns() {
        LockTable lock = KitSettings.of(springLike(), "p/fencecheck.properties").lock();
        assertThat(lock.newLeaseColumns()).isEqualTo(List.of("client_id"));
        assertThat(lock.newLeaseWhen()).isEqualTo(LockTable.NewLeaseWhen.CHANGED_OR_ENDED);
    }

    @Test
    void aValueOfNewLeaseWhenThatIsNoneIsRefusedInOneLine() {
        Map<String, String> settings = springLike();
        settings.put("lock.newLeaseWhen", "ended");
        assertThatThrownBy(() -> KitSettings.of(settings, "p/fencecheck.properties")).isInstanceOf(PackException.class)
                .hasMessage("p/fencecheck.properties: lock.newLeaseWhen=ended is not a value of lock.newLeaseWhen; use changed"
                        + " (an update that changes one of lock.newLease), set (any update that sets one) or changed-or-ended"
                        + " (one that changes one, or sets one on a row whose lease had ended)");
    }

    private static Map<String, String> claimsLike() {
        Map<String, String> settings = new HashMap<>(Map.of("sinks", "kit", "fence", "trigger", "lock.table", "token_entry",
                "lock.name", "processor_name, segment", "lock.owner", "owner", "lock.until", "timestamp"));
        settings.put("lock.newLease", "owner");
        settings.put("lock.newLeaseWhen", "changed-or-ended");
        settings.put("lock.nameOfKey", "orders/{key}");
        settings.put("lock.untilIsLastRenewal", "true");
        return settings;
    }

    @Test
    void aNameOfTwoColumnsAndALeaseEndKeptAsTheLastClaim() {
        KitSettings kit = KitSettings.of(claimsLike(), "p/fencecheck.properties");
        assertThat(kit.lock().nameColumns()).isEqualTo(List.of("processor_name", "segment"));
        assertThat(kit.lockName("K1")).isEqualTo("orders/K1");
        assertThat(kit.lock().lastRenewal()).isTrue();
        assertThat(KitSettings.of(springLike(), "p/fencecheck.properties").lockName("K1")).as("one column: the key itself")
                .isEqualTo("K1");
    }

    @Test
    void aNameOfTwoColumnsWithoutTheNameOfAKeyIsRefusedInOneLine() {
        Map<String, String> settings = claimsLike();
        settings.remove("lock.nameOfKey");
        assertThatThrownBy(() -> KitSettings.of(settings, "p/fencecheck.properties")).isInstanceOf(PackException.class)
                .hasMessage("p/fencecheck.properties: lock.name names 2 columns (processor_name, segment), whose values joined"
                        + " by / are the lock's name: say which name a job key is with lock.nameOfKey (Java: nameOfKey), 2 parts,"
                        + " e.g. lock.nameOfKey=orders/{key}");
        settings.put("lock.nameOfKey", "orders");
        assertThatThrownBy(() -> KitSettings.of(settings, "p/fencecheck.properties")).isInstanceOf(PackException.class)
                .hasMessage("p/fencecheck.properties: the lock name of a job key, orders, has no {key}; write where the key goes,"
                        + " e.g. orders/{key}");
        settings.put("lock.nameOfKey", "{key}");
        settings.put("lock.untilIsLastRenewal", "yes");
        assertThatThrownBy(() -> KitSettings.of(settings, "p/fencecheck.properties")).isInstanceOf(PackException.class)
                .hasMessage("p/fencecheck.properties: lock.untilIsLastRenewal=yes is not true or false; say true when lock.until"
                        + " holds the last claim or heartbeat time rather than the lease's end");
    }

    @Test
    void theJavaBuilderStyleMethodsKeepWhatTheOthersSaid() {
        LockTable table = new LockTable("t", "a, b", "o", "u").nameOfKey("x/{key}").untilIsLastRenewal()
                .newLeaseWhenChangedOrEnded("o").heldWhile("h");
        assertThat(table).isEqualTo(new LockTable("t", "a, b", "o", "u", List.of("o"), LockTable.NewLeaseWhen.CHANGED_OR_ENDED,
                "h", "x/{key}", true));
        assertThat(new LockTable("t", "n", "o", "u", List.of(), LockTable.NewLeaseWhen.CHANGED, null))
                .as("the constructor of before").isEqualTo(new LockTable("t", "n", "o", "u"));
    }
}

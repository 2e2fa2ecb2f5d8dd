package fencecheck.faults.proxy;

import java.util.List;
import java.util.Optional;

/** The kinds of toxic the in-JVM server knows, with their API names and attributes. */
enum ToxicType {
    LATENCY("latency", new LatencyToxic(), "latency", "jitter"),
    BANDWIDTH("bandwidth", new BandwidthToxic(), "rate"),
    SLOW_CLOSE("slow_close", new SlowCloseToxic(), "delay"),
    TIMEOUT("timeout", new TimeoutToxic(), "timeout"),
    RESET_PEER("reset_peer", new ResetPeerToxic(), "timeout"),
    SLICER("slicer", new SlicerToxic(), "average_size", "size_variation", "delay"),
    LIMIT_DATA("limit_data", new LimitDataToxic(), "bytes");

    private final String wireName;
    private final ToxicBehaviour behaviour;
    private final List<String> attributeNames;

    ToxicType(String wireName, ToxicBehaviour behaviour, String... attributeNames) {
        this.wireName = wireName;
        this.behaviour = behaviour;
        this.attributeNames = List.of(attributeNames);
    }

    String wireName() {
        return wireName;
    }

    ToxicBehaviour behaviour() {
        return behaviour;
    }

    List<String> attributeNames() {
        return attributeNames;
    }

    static Optional<ToxicType> byWireName(String wireName) {
        for (ToxicType type : values()) {
            if (type.wireName.equals(wireName)) {
                return Optional.of(type);
            }
        }
        return Optional.empty();
    }
}

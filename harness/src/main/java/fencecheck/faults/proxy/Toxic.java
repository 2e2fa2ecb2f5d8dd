package fencecheck.faults.proxy;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A toxic as configured through the API. Immutable: an update makes a new
 * instance with the same {@link #id()}, so a link can tell that the toxic it
 * is applying has changed, while keeping its per-connection state.
 */
final class Toxic {

    private static final AtomicLong IDS = new AtomicLong();

    private final long id;
    private final String name;
    private final ToxicType type;
    private final Direction stream;
    private final float toxicity;
    private final Map<String, Long> attributes;

    private Toxic(long id, String name, ToxicType type, Direction stream, float toxicity, Map<String, Long> attributes) {
        this.id = id;
        this.name = name;
        this.type = type;
        this.stream = stream;
        this.toxicity = toxicity;
        this.attributes = attributes;
    }

    /** A new toxic; attributes not given are 0, as in the real server. */
    static Toxic create(String name, ToxicType type, Direction stream, float toxicity, Map<String, Long> given) {
        Map<String, Long> attributes = new LinkedHashMap<>();
        for (String attribute : type.attributeNames()) {
            attributes.put(attribute, given.getOrDefault(attribute, 0L));
        }
        return new Toxic(IDS.incrementAndGet(), name, type, stream, toxicity, Map.copyOf(attributes));
    }

    /** This toxic with a new toxicity and some attributes changed; the others are kept. */
    Toxic updated(float newToxicity, Map<String, Long> changes) {
        Map<String, Long> merged = new LinkedHashMap<>(attributes);
        for (String attribute : type.attributeNames()) {
            if (changes.containsKey(attribute)) {
                merged.put(attribute, changes.get(attribute));
            }
        }
        return new Toxic(id, name, type, stream, newToxicity, Map.copyOf(merged));
    }

    long id() {
        return id;
    }

    String name() {
        return name;
    }

    ToxicType type() {
        return type;
    }

    Direction stream() {
        return stream;
    }

    float toxicity() {
        return toxicity;
    }

    long attribute(String attribute) {
        Long value = attributes.get(attribute);
        if (value == null) {
            throw new IllegalArgumentException(type.wireName() + " has no attribute " + attribute);
        }
        return value;
    }

    ObjectNode toJson() {
        ObjectNode json = JsonNodeFactory.instance.objectNode();
        json.put("name", name);
        json.put("type", type.wireName());
        json.put("stream", stream.wireName());
        json.put("toxicity", toxicity);
        ObjectNode attributesJson = json.putObject("attributes");
        for (String attribute : type.attributeNames()) {
            attributesJson.put(attribute, attributes.get(attribute));
        }
        return json;
    }
}

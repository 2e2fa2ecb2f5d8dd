package fencecheck.protocol.pack;

import fencecheck.kit.KitSettings;

import java.io.IOException;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/**
 * A pack's {@code fencecheck.properties}: its name, what it does differently,
 * the pack it takes the files it does not have from, and the semantics it
 * claims ({@link Semantics}).
 *
 * @param name        the pack's name (for a built-in pack, the name users select it by)
 * @param description one sentence: what it does differently and which rule that breaks; empty for a correct pack
 * @param base        the {@code extends} value, or null when the pack stands alone
 * @param semantics   the semantics keys it sets, raw
 * @param kit         the fencing kit's keys it sets, raw ({@link KitSettings})
 */
record PackManifest(String name, String description, String base, Map<String, String> semantics, Map<String, String> kit) {

    static final String FILE = "fencecheck.properties";

    static final List<String> KEYS;

    static {
        List<String> keys = new ArrayList<>(List.of("name", "description", "extends"));
        keys.addAll(Semantics.KEYS);
        keys.addAll(KitSettings.KEYS);
        KEYS = List.copyOf(keys);
    }

    /** The manifest of the pack at {@code location}; it must exist and name the pack. */
    static PackManifest read(PackLocation location, String text) {
        String where = location.describe(FILE);
        Properties properties = new Properties();
        try {
            properties.load(new StringReader(text));
        } catch (IOException | IllegalArgumentException e) {
            throw new PackException(where + " is not a properties file (" + e.getMessage() + "); write key=value lines");
        }
        Map<String, String> semantics = new HashMap<>();
        Map<String, String> kit = new HashMap<>();
        for (String key : properties.stringPropertyNames()) {
            if (!KEYS.contains(key)) {
                throw new PackException(where + ": unknown key " + key + "; the keys are " + String.join(", ", KEYS));
            }
            if (Semantics.KEYS.contains(key)) {
                semantics.put(key, properties.getProperty(key));
            }
            if (KitSettings.KEYS.contains(key)) {
                kit.put(key, properties.getProperty(key));
            }
        }
        String name = properties.getProperty("name", "").strip();
        if (name.isEmpty()) {
            throw new PackException(where + " has no name; add a line name=NAME (the pack's name, e.g. name=my-leases)");
        }
        String base = properties.getProperty("extends", "").strip();
        return new PackManifest(name, properties.getProperty("description", "").strip(), base.isEmpty() ? null : base,
                Map.copyOf(semantics), Map.copyOf(kit));
    }
}

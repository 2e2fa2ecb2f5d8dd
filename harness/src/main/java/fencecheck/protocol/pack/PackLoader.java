package fencecheck.protocol.pack;

import fencecheck.api.Conformance;
import fencecheck.api.ModelConfig;
import fencecheck.kit.KitSettings;
import fencecheck.kit.KitSql;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Reads a pack and the packs it extends, takes each file from the first of
 * them that has it, parses every file's named parameters against its
 * operation's list, and checks that the pack is complete. Every problem is
 * one {@link PackException}.
 */
final class PackLoader {

    /** One pack of an {@code extends} chain; {@code manifest} is null for a folder of files a Java variant lays over a pack. */
    private record Layer(PackLocation location, PackManifest manifest) {
    }

    private PackLoader() {
    }

    /** The pack at {@code top}, which must have a {@code fencecheck.properties}. */
    static SqlPack load(PackLocation top) {
        List<Layer> layers = chain(top);
        ModelConfig config = ModelConfig.reference();
        // the base's claims first, so that each pack overrides what the one it extends says
        for (int i = layers.size() - 1; i >= 0; i--) {
            Layer layer = layers.get(i);
            config = Semantics.apply(config, layer.manifest().semantics(), layer.location().describe(PackManifest.FILE));
        }
        PackManifest own = layers.getFirst().manifest();
        KitSettings kit = kitSettings(layers, top.describe(PackManifest.FILE));
        if (kit != null) {
            // the kit's sinks below every pack of the chain: a file of the pack's own still wins
            layers.add(new Layer(new ClasspathLocation(KitSql.SINKS), null));
        }
        return assemble(own.name(), own.description(), config, top.describe(), layers, kit, true);
    }

    /**
     * The kit's sinks, inspect and reset, named and claiming what a Java implementation says; its acquire,
     * renew and release are Java ({@link fencecheck.kit.LockCalls}) and its schema its own. The sink files
     * in {@code sinksFolder} (on the class path; null for none) replace the kit's.
     */
    static SqlPack kitOnly(String name, String description, ModelConfig config, KitSettings kit, String sinksFolder) {
        List<Layer> layers = new ArrayList<>();
        if (sinksFolder != null) {
            layers.add(new Layer(ownSinks(name, new ClasspathLocation(sinksFolder)), null));
        }
        layers.add(new Layer(new ClasspathLocation(KitSql.SINKS), null));
        return assemble(name, description, config, "kit", layers, kit, false);
    }

    /** A folder of sink files a Java implementation brings: some sink file, and none of the files its Java replaces. */
    private static PackLocation ownSinks(String name, ClasspathLocation folder) {
        List<String> sinkFiles = new ArrayList<>();
        for (Operation operation : Operation.values()) {
            boolean sink = operation.part() == Operation.Part.LEASE_HOOK || operation == Operation.WRITE_LATEST
                    || operation == Operation.WRITE_FENCED || operation == Operation.INSPECT || operation == Operation.DELETE_ALL;
            if (sink) {
                sinkFiles.add(operation.file());
            } else if (folder.read(operation.file()).isPresent()) {
                throw new PackException(name + ": " + folder.describe(operation.file()) + " is not a sink file; its acquire,"
                        + " renew, release and schema are the implementation's Java, so remove it from the sinks folder");
            }
        }
        if (sinkFiles.stream().noneMatch(f -> folder.read(f).isPresent())) {
            throw new PackException(name + ": " + folder.describe() + " holds none of " + String.join(", ", sinkFiles)
                    + "; give sinks(...) the class path folder of the implementation's own sink files");
        }
        return folder;
    }

    /** The kit's keys of the chain, each from the first pack (top first) that sets it; null without sinks=kit. */
    private static KitSettings kitSettings(List<Layer> layers, String where) {
        Map<String, String> merged = new HashMap<>();
        for (Layer layer : layers) {
            layer.manifest().kit().forEach(merged::putIfAbsent);
        }
        return KitSettings.of(merged, where);
    }

    /** Folders of files laid over the pack at {@code base}, named and claiming what a Java variant says. */
    static SqlPack compose(String name, String description, ModelConfig config, List<PackLocation> overlays, PackLocation base) {
        List<Layer> layers = new ArrayList<>();
        for (PackLocation overlay : overlays) {
            layers.add(new Layer(overlay, null));
        }
        layers.addAll(chain(base));
        return assemble(name, description, config, overlays.isEmpty() ? base.describe() : overlays.getFirst().describe(), layers,
                null, true);
    }

    /**
     * The level a pack that claims none is held to: the reference's wording when it is built in or extends a
     * built-in pack (its author states how it differs from the reference), safety otherwise.
     */
    private static Conformance unclaimedLevel(List<Layer> layers) {
        boolean overBuiltIn = layers.stream().anyMatch(l -> l.location() instanceof ClasspathLocation c && c.builtIn());
        return overBuiltIn ? Conformance.STRICT : Conformance.SAFETY;
    }

    private static List<Layer> chain(PackLocation top) {
        List<Layer> layers = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        PackLocation at = top;
        String cameFrom = null;
        while (at != null) {
            if (!seen.add(at.key())) {
                throw new PackException(cameFrom + " extends " + at.describe() + ", which already extends it; break the cycle");
            }
            PackLocation here = at;
            String from = cameFrom;
            String text = here.read(PackManifest.FILE).orElseThrow(() -> new PackException(from == null
                    ? here.describe() + " has no " + PackManifest.FILE + "; add one with name=NAME"
                    : from + " extends " + here.describe() + ", which is not a pack (no " + PackManifest.FILE
                    + "); name a built-in pack (e.g. reference) or a folder relative to the pack (../other)"));
            PackManifest manifest = PackManifest.read(here, text);
            layers.add(new Layer(here, manifest));
            cameFrom = here.describe(PackManifest.FILE);
            at = manifest.base() == null ? null : base(here, manifest.base());
        }
        return layers;
    }

    /** What {@code extends} names: {@code classpath:/PATH}, a built-in pack's name, or a folder relative to the pack. */
    private static PackLocation base(PackLocation from, String named) {
        if (named.startsWith(SqlPacks.CLASSPATH)) {
            return new ClasspathLocation(named.substring(SqlPacks.CLASSPATH.length()));
        }
        Optional<ClasspathLocation> builtIn = BuiltInPacks.find(named);
        return builtIn.isPresent() ? builtIn.get() : from.resolve(named);
    }

    /** {@code callsInFiles}: whether schema, acquire, renew and release are files (not so for a Java implementation of the kit). */
    private static SqlPack assemble(String name, String description, ModelConfig config, String location, List<Layer> layers,
                                    KitSettings kit, boolean callsInFiles) {
        String top = layers.getFirst().location().describe();
        rejectUnknownFiles(layers);
        boolean readsFence = layers.stream().anyMatch(l -> l.location().read(Operation.READ_FENCE.file()).isPresent());
        Map<Operation, PackFile> files = new EnumMap<>(Operation.class);
        for (Operation operation : Operation.values()) {
            for (Layer layer : layers) {
                Optional<String> text = layer.location().read(operation.file());
                if (text.isPresent()) {
                    files.put(operation, parse(operation, text.get(), layer.location(), readsFence));
                    break;
                }
            }
        }
        for (Operation operation : Operation.values()) {
            if (operation.part() == Operation.Part.LEASE && !files.containsKey(operation) && callsInFiles) {
                throw new PackException(top + " has no " + operation.file() + (layers.size() > 1 ? " (nor has the pack it extends)" : "")
                        + "; add it: " + what(operation));
            }
        }
        checkJobFiles(top, files);
        return new SqlPack(name, description, config, config.conformanceOr(unclaimedLevel(layers)), location, files, kit);
    }

    private static PackFile parse(Operation operation, String text, PackLocation location, boolean readsFence) {
        String where = location.describe(operation.file());
        List<String> provided = new ArrayList<>(operation.parameters());
        if (operation == Operation.WRITE_FENCED && readsFence) {
            provided.add(Operation.FENCE);
        }
        List<ParsedSql> statements = NamedParameters.parse(text, where, provided);
        if (statements.isEmpty()) {
            throw new PackException(where + " holds no statement; write it: " + what(operation));
        }
        return new PackFile(operation, text.strip(), statements, where, location.key());
    }

    /** All the job files or none: a pack without them is lease-only. */
    private static void checkJobFiles(String top, Map<Operation, PackFile> files) {
        List<String> present = new ArrayList<>();
        List<String> missing = new ArrayList<>();
        for (Operation operation : Operation.values()) {
            if (operation.part() == Operation.Part.JOB) {
                (files.containsKey(operation) ? present : missing).add(operation.file());
            }
        }
        if (!present.isEmpty() && !missing.isEmpty()) {
            throw new PackException(top + " has " + String.join(", ", present) + " but not " + String.join(", ", missing)
                    + "; a pack has every job file (the job transaction, outbox relay and consumer) or none (lease only)");
        }
        if (present.isEmpty() && files.containsKey(Operation.FINISH_JOB)) {
            throw new PackException(top + " has " + Operation.FINISH_JOB.file() + " but no job transaction; add the job files"
                    + " or remove it");
        }
    }

    /** A file in a pack folder that is no operation's is most likely a misspelt one, which would silently not be used. */
    private static void rejectUnknownFiles(List<Layer> layers) {
        for (Layer layer : layers) {
            for (String file : layer.location().sqlFiles()) {
                if (Operation.ofFile(file) == null) {
                    throw new PackException(layer.location().describe(file) + " is not a file of a SQL pack; rename it to one of "
                            + String.join(", ", Arrays.stream(Operation.values()).map(Operation::file).toList())
                            + " or move it out of the pack");
                }
            }
        }
    }

    /** What the file of {@code operation} does, with its parameters, in a few words. */
    private static String what(Operation operation) {
        return operation.isPlainSql() ? "it " + operation.returns() : signature(operation) + " returns " + operation.returns();
    }

    private static String signature(Operation operation) {
        String name = operation.file().replaceAll("^job/", "").replaceAll("\\.sql$", "");
        return name + "(" + String.join(", ", operation.parameters().stream().map(p -> ":" + p).toList()) + ")";
    }
}

package fencecheck.protocol.pack;

import fencecheck.api.Conformance;
import fencecheck.api.ModelConfig;
import fencecheck.kit.KitSettings;

import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;
import java.util.Optional;

/**
 * A loaded, checked SQL pack: its name, description and claimed semantics,
 * and one parsed file per operation it has (its own or its base's). Made by
 * {@link SqlPacks}; immutable.
 */
public final class SqlPack {

    private final String name;
    private final String description;
    private final ModelConfig modelConfig;
    private final Conformance conformance;
    private final String location;
    private final Map<Operation, PackFile> files;
    private final KitSettings kit;

    SqlPack(String name, String description, ModelConfig modelConfig, Conformance conformance, String location,
            Map<Operation, PackFile> files, KitSettings kit) {
        this.kit = kit;
        this.conformance = conformance;
        this.name = name;
        this.description = description;
        this.modelConfig = modelConfig;
        this.location = location;
        this.files = Collections.unmodifiableMap(new EnumMap<>(files));
    }

    /** The name in its {@code fencecheck.properties}. */
    public String name() {
        return name;
    }

    public String description() {
        return description;
    }

    /** The semantics it claims. */
    /** The level it claims, or, claiming none, strict when it is or extends a built-in pack and safety otherwise. */
    public Conformance conformance() {
        return conformance;
    }

    public ModelConfig modelConfig() {
        return modelConfig;
    }

    /** Where it was loaded from, as messages name it. */
    public String location() {
        return location;
    }

    /** The file of {@code operation}; fails for an optional file the pack does not have (see {@link #find}). */
    public PackFile file(Operation operation) {
        return find(operation).orElseThrow(() -> new IllegalStateException(name + " has no " + operation.file()));
    }

    public Optional<PackFile> find(Operation operation) {
        return Optional.ofNullable(files.get(operation));
    }

    /** The fencing kit's settings, when the pack says {@code sinks=kit}: the kit's sinks, inspect and reset lie under its files. */
    public Optional<KitSettings> kit() {
        return Optional.ofNullable(kit);
    }

    /** Whether it has the job transaction, the outbox relay and the consumer (all job files). */
    public boolean hasJobTransaction() {
        return files.containsKey(Operation.CLAIM);
    }

    /**
     * Whether a lease operation's file (acquire, renew, release, a write) holds several statements: only such a
     * pack has points between statements where the lease traces' splits stop a call. A job file of several
     * statements (a claim that locks, then updates) does not count: the lease traces never run it.
     */
    public boolean hasSeveralStatementsInAFile() {
        return files.values().stream().anyMatch(f -> f.operation().part() == Operation.Part.LEASE && !f.operation().isPlainSql()
                && f.operation() != Operation.INSPECT && f.statements().size() > 1);
    }

    @Override
    public String toString() {
        return name + " (" + location + ")";
    }
}

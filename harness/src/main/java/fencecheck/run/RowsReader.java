package fencecheck.run;

import fencecheck.api.KeyState;
import fencecheck.api.Lease;
import fencecheck.job.JobRows;
import fencecheck.protocol.JobClient;

import java.sql.SQLException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;

/**
 * Reads a key's rows as the database holds them, in the model's words: the
 * lease owner's id becomes the label of the incarnation it was given to.
 */
final class RowsReader {

    private final TraceRunner runner;
    private final Map<String, String> labelOfOwner = new HashMap<>();
    /** Whether the try can have job rows at all: a trace without job statements leaves them empty, in the model too. */
    private final boolean jobRows;

    RowsReader(TraceRunner runner, boolean jobRows) {
        this.runner = runner;
        this.jobRows = jobRows;
    }

    /** The owner id given to an incarnation, so the rows show its label. */
    void owner(UUID owner, String label) {
        labelOfOwner.put(owner.toString(), label);
    }

    /**
     * The rows through the acting session when it has a transaction open (it
     * sees its own rows) and no statement running, else through the observer.
     * The job-state row's token is always read as committed: when within its
     * transaction a job writes it is the implementation's business.
     */
    JobRows read(String key, String viewer) throws SQLException {
        Session observer = runner.sessions().observer();
        Session own = viewer == null ? null : runner.sessions().connected(viewer);
        Session reader = own != null && own.pending == null ? own : observer;
        KeyState protocol = reader.lease.inspect(key);
        if (!jobRows) {
            return new JobRows(labelled(protocol), null, new TreeMap<>(), List.of(), new TreeMap<>());
        }
        JobClient.JobRowsRead rows = reader.jobs.inspect(key);
        Long jobState = reader == observer ? rows.jobState() : observer.jobs.inspect(key).jobState();
        return new JobRows(labelled(protocol), jobState, rows.business(), rows.outbox(), rows.effects());
    }

    private KeyState labelled(KeyState rows) {
        Lease lease = rows.lease();
        if (lease == null) {
            return new KeyState(null, rows.latest(), rows.fenced());
        }
        String label = labelOfOwner.getOrDefault(lease.owner(), lease.owner());
        // the released mark stays: an implementation claiming KEEP_TOKEN_MARK_RELEASED shows it in its rows
        return new KeyState(lease.withOwner(label), rows.latest(), rows.fenced());
    }
}

package fencecheck.db.replica;

import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Set;

/**
 * A base backup of a running primary with the low-level backup functions and
 * a file copy, as PostgreSQL's documentation describes it ("Making a
 * Base Backup Using the Low Level API"): the embedded bundle has no
 * {@code pg_basebackup}. The copy leaves out what the documentation says may
 * or must be left out; the WAL it needs, the standby streams from the primary
 * (which keeps enough of it with {@code wal_keep_size}).
 */
final class BaseBackup {

    /** Directories whose contents are not copied (the directories themselves are, empty): rebuilt or not needed. */
    private static final Set<String> EMPTIED = Set.of(
            "pg_wal", "pg_replslot", "pg_dynshmem", "pg_notify", "pg_serial", "pg_snapshots", "pg_stat_tmp", "pg_subtrans");
    /** Files at the top of the data directory that belong to the running server, or to the source's role. */
    private static final Set<String> LEFT_OUT = Set.of(
            "postmaster.pid", "postmaster.opts", "epg-lock", "standby.signal", "recovery.signal", "backup_label", "tablespace_map");
    private static final String LABEL = "fencecheck standby";

    private BaseBackup() {
    }

    /**
     * Copies the data directory {@code source} of the server that {@code primary} is a session on into
     * {@code target} (which must not exist), between the start and the stop of a non-exclusive backup on that
     * session, and writes the {@code backup_label} (and a {@code tablespace_map}, if any) the stop returns.
     */
    static void take(Connection primary, Path source, Path target) throws SQLException, IOException {
        boolean modern = majorVersion(primary) >= 15;
        try (PreparedStatement start = primary.prepareStatement(modern
                ? "select pg_backup_start(?, true)"
                : "select pg_start_backup(?, true, false)")) {
            start.setString(1, LABEL);
            start.execute();
        }
        String label;
        String tablespaceMap;
        try {
            copy(source, target);
        } finally {
            // the backup is ended on the same session even when the copy failed, or the primary would refuse the next one
            try (Statement stop = primary.createStatement();
                 ResultSet rs = stop.executeQuery(modern
                         ? "select labelfile, spcmapfile from pg_backup_stop(false)"
                         : "select labelfile, spcmapfile from pg_stop_backup(false, false)")) {
                rs.next();
                label = rs.getString(1);
                tablespaceMap = rs.getString(2);
            }
        }
        Files.writeString(target.resolve("backup_label"), label);
        if (tablespaceMap != null && !tablespaceMap.isEmpty()) {
            Files.writeString(target.resolve("tablespace_map"), tablespaceMap);
        }
    }

    static int majorVersion(Connection connection) throws SQLException {
        try (Statement s = connection.createStatement();
             ResultSet rs = s.executeQuery("select current_setting('server_version_num')::int / 10000")) {
            rs.next();
            return rs.getInt(1);
        }
    }

    private static void copy(Path source, Path target) throws IOException {
        Files.createDirectories(target.getParent());
        Files.createDirectory(target, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        Files.walkFileTree(source, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path directory, BasicFileAttributes attributes) throws IOException {
                Path relative = source.relativize(directory);
                if (!relative.toString().isEmpty()) {
                    Files.createDirectory(target.resolve(relative.toString()));
                }
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attributes) throws IOException {
                Path relative = source.relativize(file);
                if (!leftOut(relative) && !emptied(relative)) {
                    try {
                        Files.copy(file, target.resolve(relative.toString()), StandardCopyOption.COPY_ATTRIBUTES);
                    } catch (NoSuchFileException gone) {
                        // removed by the server while the copy ran: replaying the WAL from the backup's start makes
                        // the copy consistent, so a file that went is one the standby does not need
                    }
                }
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFileFailed(Path file, IOException e) throws IOException {
                if (e instanceof NoSuchFileException) {
                    return FileVisitResult.CONTINUE;
                }
                throw e;
            }
        });
    }

    private static boolean leftOut(Path relative) {
        String name = relative.getFileName().toString();
        return (relative.getNameCount() == 1 && LEFT_OUT.contains(name))
                || name.startsWith("pgsql_tmp")
                || name.equals("pg_internal.init");
    }

    /** A file inside one of the {@link #EMPTIED} directories (their subdirectories, such as pg_wal/archive_status, stay). */
    private static boolean emptied(Path relative) {
        return relative.getNameCount() > 1 && EMPTIED.contains(relative.getName(0).toString());
    }
}

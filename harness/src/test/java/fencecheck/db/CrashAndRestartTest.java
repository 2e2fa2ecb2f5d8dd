package fencecheck.db;

import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** An immediate stop loses open transactions and keeps committed ones; the server comes back on the same data. */
class CrashAndRestartTest {

    @Test
    void committedRowsSurviveACrash_openTransactionsDoNot() throws SQLException {
        EmbeddedDatabase database = EmbeddedDatabase.shared();
        try (Connection c = database.connect(); Statement s = c.createStatement()) {
            s.execute("create table if not exists public.crash_probe (id int primary key)");
            s.execute("truncate public.crash_probe");
            s.execute("insert into public.crash_probe values (1)");
        }
        Connection open = database.connect();
        open.setAutoCommit(false);
        try (Statement s = open.createStatement()) {
            s.execute("insert into public.crash_probe values (2)");
        }

        long started = System.nanoTime();
        database.crashAndRestart();
        System.out.printf("database crash and restart took %.0f ms%n", (System.nanoTime() - started) / 1e6);

        assertThatThrownBy(() -> open.createStatement().execute("select 1")).isInstanceOf(SQLException.class);
        try (Connection c = database.connect(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("select array_agg(id order by id)::text from public.crash_probe")) {
            rs.next();
            assertThat(rs.getString(1)).isEqualTo("{1}");
        }
    }
}

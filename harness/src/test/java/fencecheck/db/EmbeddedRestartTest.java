package fencecheck.db;

import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class EmbeddedRestartTest {

    @Test
    void committedRowsSurviveARestartOnTheSameDirectoryAndPort() throws SQLException {
        EmbeddedDatabase db = EmbeddedDatabase.shared();
        int port = db.port();
        try (Connection c = db.connect(); Statement s = c.createStatement()) {
            s.execute("create table if not exists public.restart_probe (id int primary key)");
            s.execute("insert into public.restart_probe values (1) on conflict do nothing");
        }
        try (Connection cut = db.connect()) {
            long started = System.nanoTime();
            db.restart();
            System.out.printf("embedded PostgreSQL: stop and start took %d ms%n", (System.nanoTime() - started) / 1_000_000L);
            assertThatThrownBy(() -> cut.createStatement().execute("select 1")).isInstanceOf(SQLException.class);
        }
        assertThat(db.port()).isEqualTo(port);
        try (Connection c = db.connect(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("select count(*) from public.restart_probe")) {
            rs.next();
            assertThat(rs.getInt(1)).isEqualTo(1);
            s.execute("drop table public.restart_probe");
        }
    }
}

package fencecheck.kit;

import fencecheck.db.Databases;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

import static org.assertj.core.api.Assertions.assertThat;

class SessionDataSourceTest {

    @Test
    void aLibraryClosingWhatItBorrowedLeavesTheSessionOpenAndInItsTransaction() throws SQLException {
        try (Connection session = Databases.shared().connect()) {
            session.setAutoCommit(false);
            try (Statement s = session.createStatement()) {
                s.execute("create temporary table session_data_source_seen (n int) on commit drop");
            }
            SessionDataSource pool = new SessionDataSource(session);
            try (Connection borrowed = pool.getConnection(); Statement s = borrowed.createStatement()) {
                s.execute("insert into session_data_source_seen values (1)");
            }
            assertThat(session.isClosed()).isFalse();
            try (Connection again = pool.getConnection(); Statement s = again.createStatement();
                 ResultSet rs = s.executeQuery("select count(*) from session_data_source_seen")) {
                assertThat(rs.next()).isTrue();
                assertThat(rs.getInt(1)).as("the same session, in its open transaction").isEqualTo(1);
            }
            session.rollback();
        }
    }
}

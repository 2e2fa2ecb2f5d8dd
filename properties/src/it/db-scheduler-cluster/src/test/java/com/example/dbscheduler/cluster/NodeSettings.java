package com.example.dbscheduler.cluster;

import org.postgresql.ds.PGSimpleDataSource;

import javax.sql.DataSource;

/**
 * The connection fencecheck gives a node process, read from the system properties {@code fencecheck.node.*}; stands
 * in until the kit's node-side settings are on the class path.
 */
record NodeSettings(int id, String url, String user, String password) {

    static NodeSettings fromSystemProperties() {
        return new NodeSettings(Integer.parseInt(required("fencecheck.node.id")), required("fencecheck.node.url"),
                required("fencecheck.node.user"), System.getProperty("fencecheck.node.password", ""));
    }

    DataSource dataSource() {
        PGSimpleDataSource ds = new PGSimpleDataSource();
        ds.setUrl(url);
        ds.setUser(user);
        ds.setPassword(password);
        // a statement that hangs (its answer lost) fails instead of holding a scheduler thread for ever
        ds.setConnectTimeout(5);
        ds.setSocketTimeout(30);
        return ds;
    }

    private static String required(String name) {
        String value = System.getProperty(name);
        if (value == null || value.isBlank()) {
            throw new IllegalStateException("set -D" + name + "=...: a node is started by fencecheck with its connection");
        }
        return value;
    }
}

package com.example.quartz;

/** The settings fencecheck starts a node with, as system properties (until the kit reads them). */
record NodeSettings(int id, String url, String user, String password) {

    static NodeSettings fromSystemProperties() {
        return new NodeSettings(Integer.parseInt(required("fencecheck.node.id")), required("fencecheck.node.url"),
                required("fencecheck.node.user"), System.getProperty("fencecheck.node.password", ""));
    }

    private static String required(String name) {
        String value = System.getProperty(name);
        if (value == null || value.isBlank()) {
            throw new IllegalStateException("start the node with -D" + name + "=...");
        }
        return value;
    }
}

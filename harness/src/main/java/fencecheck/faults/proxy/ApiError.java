package fencecheck.faults.proxy;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * An error answered by the API, always as {@code {"error": "...", "status": N}}
 * (the Java client cannot read anything else). Messages follow the real
 * server's.
 */
final class ApiError extends Exception {

    private final int status;

    ApiError(int status, String message) {
        super(message, null, false, false);
        this.status = status;
    }

    static ApiError badRequestBody(String detail) {
        return new ApiError(400, "bad request body: " + detail);
    }

    static ApiError missingField(String field) {
        return new ApiError(400, "missing required field: " + field);
    }

    static ApiError proxyNotFound() {
        return new ApiError(404, "proxy not found");
    }

    static ApiError proxyAlreadyExists() {
        return new ApiError(409, "proxy already exists");
    }

    static ApiError invalidStream() {
        return new ApiError(400, "stream was invalid, can be either upstream or downstream");
    }

    static ApiError invalidToxicType() {
        return new ApiError(400, "invalid toxic type");
    }

    static ApiError toxicAlreadyExists() {
        return new ApiError(409, "toxic already exists");
    }

    static ApiError toxicNotFound() {
        return new ApiError(404, "toxic not found");
    }

    int status() {
        return status;
    }

    ObjectNode toJson() {
        ObjectNode json = JsonNodeFactory.instance.objectNode();
        json.put("error", getMessage());
        json.put("status", status);
        return json;
    }
}

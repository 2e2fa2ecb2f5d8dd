package fencecheck.check;

import fencecheck.api.KeyState;

/** The rows of a key as the system under test showed them after a step: what the checkers compare acknowledgements with. */
public record Stored(int step, String key, KeyState rows) {
}

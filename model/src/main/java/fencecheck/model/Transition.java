package fencecheck.model;

import fencecheck.api.Outcome;

/** The result of one {@link LeaseModel#step}: the next state and the outcome the caller sees. */
public record Transition(ProtocolState next, Outcome outcome) {
}

package fencecheck.check;

import fencecheck.api.Outcome;
import fencecheck.model.Command;

/**
 * One completed operation as a checker sees it: when it happened (database
 * time), what was asked, and what the system under test answered.
 */
public record Event(int step, long at, Command command, Outcome outcome) {
}

package dev.sluice.jdbc;

import org.jspecify.annotations.Nullable;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Proxy;
import java.util.Map;

/** Fakes of Avatica's JDBC objects for tests: each answers from a map of method name to answer, else fails. */
final class FakeJdbc {
    private FakeJdbc() {}

    /** Stands for Avatica's own classes in {@code unwrap}: every fake implements it. */
    interface FakeMarker {}

    @FunctionalInterface
    interface Answer {
        @Nullable
        Object answer(Object @Nullable [] args) throws Throwable;
    }

    /** A {@code type} whose method {@code m} answers {@code answers.get(m)}, read at each call. */
    static <T> T fake(Class<T> type, Map<String, Answer> answers) {
        InvocationHandler handler = (self, method, args) -> {
            if (method.getDeclaringClass() == Object.class) {
                return switch (method.getName()) {
                    case "equals" -> self == args[0];
                    case "hashCode" -> System.identityHashCode(self);
                    default -> "fake " + type.getSimpleName();
                };
            }
            Answer answer = answers.get(method.getName());
            if (answer == null) {
                throw new AssertionError("unexpected call of " + method);
            }
            return answer.answer(args);
        };
        return type.cast(Proxy.newProxyInstance(
                FakeJdbc.class.getClassLoader(), new Class<?>[] {type, FakeMarker.class}, handler));
    }
}

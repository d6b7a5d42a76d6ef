// J48's build time once the JVM is warm (issue 42, bench/bench_c45.py).
// Run: java -cp /usr/share/java/weka.jar bench/J48Warm.java FILE.arff WARMUP BUILDS
// Builds J48 (default options: -C 0.25 -M 2) WARMUP times untimed, then BUILDS times,
// printing each timed build's CPU seconds of this thread (one per line, "cpu <s>"),
// then the last tree as J48 prints it.
import java.io.BufferedReader;
import java.io.FileReader;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import weka.classifiers.trees.J48;
import weka.core.Instances;

public class J48Warm {
    public static void main(String[] args) throws Exception {
        Instances data = new Instances(new BufferedReader(new FileReader(args[0])));
        data.setClassIndex(data.numAttributes() - 1);
        int warmup = Integer.parseInt(args[1]);
        int builds = Integer.parseInt(args[2]);
        ThreadMXBean bean = ManagementFactory.getThreadMXBean();
        J48 tree = null;
        for (int i = 0; i < warmup + builds; i++) {
            tree = new J48();
            long start = bean.getCurrentThreadCpuTime();
            tree.buildClassifier(data);
            long took = bean.getCurrentThreadCpuTime() - start;
            if (i >= warmup) {
                System.out.println("cpu " + (took / 1e9));
            }
        }
        System.out.println(tree);
    }
}

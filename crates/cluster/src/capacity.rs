//! Whether the partition can hold the plan: the trainer waits for games, so a partition where
//! the trainer and one worker cannot run at once (two CPUs, the default trainer of two and a
//! worker of one) makes a run that waits forever. Read from `sinfo`, one line per node; a
//! warning, not a refusal (nodes may be down now and back later, and sinfo may be missing).

use crate::SlurmPlan;
use std::collections::BTreeMap;
use std::process::Command;

/// The CPUs of each node of the partition, from `sinfo --Node --noheader --format=%N|%c`.
pub(crate) fn node_cpus(sinfo_output: &str) -> BTreeMap<String, u32> {
    sinfo_output
        .lines()
        .filter_map(|line| {
            let (node, cpus) = line.trim().split_once('|')?;
            Some((node.trim().to_string(), cpus.trim().parse().ok()?))
        })
        .collect()
}

/// What is wrong with running `plan` on nodes with these CPUs, if anything.
pub(crate) fn shortfall(plan: &SlurmPlan, nodes: &BTreeMap<String, u32>) -> Option<String> {
    let where_ = plan.partition.as_ref().map_or("the default partition".to_string(), |p| format!("partition {p}"));
    let (trainer, worker) = (plan.trainer.cpus, plan.worker.cpus);
    let largest = nodes.values().copied().max()?;
    let total: u32 = nodes.values().sum();
    if largest < trainer {
        return Some(format!(
            "no node of {where_} has {trainer} CPUs (the largest has {largest}): the trainer cannot start; \
             lower --trainer-cpus"
        ));
    }
    if largest < worker {
        return Some(format!(
            "no node of {where_} has {worker} CPUs (the largest has {largest}): no worker can start; lower --worker-cpus"
        ));
    }
    if total < trainer + worker {
        return Some(format!(
            "{where_} has {total} CPUs in all: the trainer ({trainer}) and one worker ({worker}) cannot run at once, \
             and the trainer would wait for games that no worker can make; lower --trainer-cpus or --worker-cpus"
        ));
    }
    None
}

/// Asks `sinfo` (beside `sbatch`) about the plan's partition; a warning when it cannot hold the
/// trainer and one worker at once. None also when sinfo cannot be run or prints nothing usable.
pub fn capacity_warning(plan: &SlurmPlan) -> Option<String> {
    let mut sinfo = Command::new(&plan.sinfo);
    sinfo.args(["--Node", "--noheader", "--format=%N|%c"]);
    if let Some(p) = &plan.partition {
        sinfo.arg(format!("--partition={p}"));
    }
    let out = sinfo.output().ok().filter(|o| o.status.success())?;
    shortfall(plan, &node_cpus(&String::from_utf8_lossy(&out.stdout)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::slurm_plan::tests::plan;

    #[test]
    fn nodes_are_read_once_each_and_odd_lines_skipped() {
        let nodes = node_cpus("n1|2\nn1|2\nn2|16\nbad line\nn3|x\n");
        assert_eq!(nodes.into_iter().collect::<Vec<_>>(), [("n1".to_string(), 2), ("n2".to_string(), 16)]);
    }

    #[test]
    fn a_partition_that_cannot_hold_the_trainer_and_a_worker_is_named() {
        let two = node_cpus("n1|2\n");
        let p = plan(); // trainer 2, worker 1
        let warning = shortfall(&p, &two).expect("2 CPUs cannot hold 2 + 1");
        assert!(warning.contains("2 CPUs in all") && warning.contains("--trainer-cpus"), "{warning}");
        let mut small = plan();
        small.trainer.cpus = 1;
        assert_eq!(shortfall(&small, &two), None, "1 + 1 fits");
        let mut big = plan();
        big.trainer.cpus = 4;
        big.partition = Some("cpu".into());
        let warning = shortfall(&big, &node_cpus("n1|2\nn2|2\n")).unwrap();
        assert!(warning.starts_with("no node of partition cpu has 4 CPUs"), "{warning}");
        assert_eq!(shortfall(&p, &node_cpus("n1|2\nn2|1\n")), None, "two nodes hold them apart");
        assert_eq!(shortfall(&p, &BTreeMap::new()), None, "nothing known, nothing said");
    }
}

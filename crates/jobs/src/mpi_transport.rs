//! The MPI implementation of the distributed Monorail solve's
//! [`Transport`] (feature `mpi`): one rank per process of `MPI_COMM_WORLD`,
//! through rsmpi. The engine ([`grundy_games::monorail::distributed`])
//! knows only the trait; MPI lives here, outside the engines.

use grundy_core::error::{Error, Result};
use grundy_games::monorail::transport::Transport;
use mpi::collective::{CommunicatorCollectives, SystemOperation};
use mpi::datatype::{Partition, PartitionMut};
use mpi::topology::{Communicator, SimpleCommunicator};
use mpi::Count;

/// `MPI_COMM_WORLD` as a [`Transport`].
pub struct MpiTransport {
    world: SimpleCommunicator,
}

impl MpiTransport {
    /// The world communicator of an initialised MPI.
    pub fn new(world: SimpleCommunicator) -> MpiTransport {
        MpiTransport { world }
    }
}

fn too_large() -> Error {
    Error::CheckFailed {
        what: "MPI exchange".into(),
        reason: "a message of more than 2^31 words".into(),
    }
}

impl Transport for MpiTransport {
    fn rank(&self) -> usize {
        self.world.rank() as usize
    }

    fn size(&self) -> usize {
        self.world.size() as usize
    }

    fn all_to_all(&mut self, outbox: Vec<Vec<u64>>) -> Result<Vec<u64>> {
        let send_counts: Vec<Count> = outbox
            .iter()
            .map(|o| Count::try_from(o.len()).map_err(|_| too_large()))
            .collect::<Result<_>>()?;
        let mut recv_counts = vec![0 as Count; outbox.len()];
        self.world
            .all_to_all_into(&send_counts[..], &mut recv_counts[..]);
        let displs = |counts: &[Count]| -> Result<Vec<Count>> {
            let mut d = Vec::with_capacity(counts.len());
            let mut at: Count = 0;
            for &c in counts {
                d.push(at);
                at = at.checked_add(c).ok_or_else(too_large)?;
            }
            Ok(d)
        };
        let send_displs = displs(&send_counts)?;
        let recv_displs = displs(&recv_counts)?;
        let flat: Vec<u64> = outbox.concat();
        let total: usize = recv_counts.iter().map(|&c| c as usize).sum();
        let mut recv = vec![0u64; total];
        {
            let send = Partition::new(&flat[..], &send_counts[..], &send_displs[..]);
            let mut into = PartitionMut::new(&mut recv[..], &recv_counts[..], &recv_displs[..]);
            self.world.all_to_all_varcount_into(&send, &mut into);
        }
        Ok(recv)
    }

    fn all_sum(&mut self, value: u64) -> Result<u64> {
        let mut sum = 0u64;
        self.world
            .all_reduce_into(&value, &mut sum, SystemOperation::sum());
        Ok(sum)
    }
}
